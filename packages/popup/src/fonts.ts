/**
 * The self-hosted fonts a campaign may choose, as FontFaces (`/embed/v1/fonts.js`, imported by the
 * pop-up only when its campaign chose one, so that a pop-up in the system font carries none of this).
 */
import { FONT_SUBSETS, POPUP_FONTS, fontFiles, type PopupFont } from '@lead/contract';

/** The fonts already added to a document (each once, whatever number of pop-ups use them). */
const added = new WeakMap<Document, Set<PopupFont>>();

/**
 * Adds `font`'s faces to `doc`'s fonts, their files at `${base}/embed/v1/fonts/`. Nothing for the
 * system font, nor where FontFace is missing. Not loaded here: the browser fetches a subset's file
 * when text in its Unicode range is drawn in the font.
 */
export function addFont(doc: Document, font: PopupFont, base: string): void {
  const FontFaceOf = (doc.defaultView as (Window & { FontFace?: typeof FontFace }) | null)?.FontFace;
  if (!FontFaceOf || !doc.fonts || font === 'system') return;
  const done = added.get(doc) ?? new Set<PopupFont>();
  added.set(doc, done);
  if (done.has(font)) return;
  done.add(font);
  for (const face of POPUP_FONTS[font].faces)
    for (const file of fontFiles(face))
      doc.fonts.add(
        new FontFaceOf(face.family, `url(${base}/embed/v1/fonts/${file.name}.woff2) format("woff2")`, {
          weight: file.weight,
          unicodeRange: FONT_SUBSETS[file.subset],
          display: 'swap',
        }),
      );
}

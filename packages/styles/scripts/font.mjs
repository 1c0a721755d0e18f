// Writes dist/font.css and dist/fonts/*.woff2: Inter (variable weight, upright) from
// @fontsource-variable/inter, self-hosted, for the subsets Lead's pages need: Latin, Latin
// Extended and Vietnamese. The browser fetches a subset's file only when the page uses one of its
// characters (unicode-range), so a page in English loads the Latin file alone.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SUBSETS = ['latin', 'latin-ext', 'vietnamese'];

/** Writes `font.css` and `fonts/*.woff2` into `outDir` (the build's dist/). */
export function writeFont(outDir) {
  const require = createRequire(import.meta.url);
  const source = dirname(require.resolve('@fontsource-variable/inter/wght.css'));
  const css = readFileSync(join(source, 'wght.css'), 'utf8');
  // Each `/* inter-{subset}-wght-normal */ @font-face {...}` block of Fontsource's stylesheet.
  const blocks = [...css.matchAll(/\/\* inter-([a-z-]+)-wght-normal \*\/\s*(@font-face\s*\{[^}]*\})/g)];
  const kept = blocks.filter(([, subset]) => SUBSETS.includes(subset));
  if (kept.length !== SUBSETS.length)
    throw new Error(`@fontsource-variable/inter: found ${kept.map(([, s]) => s)}, wanted ${SUBSETS}`);
  mkdirSync(join(outDir, 'fonts'), { recursive: true });
  const faces = kept.map(([, subset, face]) => {
    const file = `inter-${subset}-wght-normal.woff2`;
    copyFileSync(join(source, 'files', file), join(outDir, 'fonts', file));
    return `/* ${subset} */\n${face.replace(/url\([^)]*\)/, `url(./fonts/${file})`)}`;
  });
  const header =
    '/* Inter (rsms.me/inter, SIL Open Font License 1.1), self-hosted; --lead-font-body names it first. */';
  writeFileSync(join(outDir, 'font.css'), `${header}\n${faces.join('\n')}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeFont('dist');

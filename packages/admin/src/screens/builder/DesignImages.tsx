import { Button } from '@lead/headless/Button';
import { Checkbox } from '@lead/headless/Checkbox';
import { FileDropZone } from '@lead/headless/FileDropZone';
import { TextField } from '@lead/headless/TextField';
import { PICTURE_LABELS } from '@lead/contract';
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { notifyDropZoneError } from '../../stores/ui.js';
import * as st from './builder.css.js';
import { removeImage, setImageLink, uploadImage } from './design.actions.js';
import { RECOMMENDED_IMAGE_SIZE, isThankYouLayout } from './samples.js';
import { builder, type ImageKey } from './state.js';
import { useBuilderErrors } from './useBuilderErrors.js';
import { fieldError } from './validation.js';

const LABELS = PICTURE_LABELS;

/**
 * The pop-up's pictures (each at most 500 KB), each with the page it opens when clicked and
 * whether in a new tab. The thank-you image is offered on layouts with a thank-you view. A message
 * about a picture or its link (validation.ts) shows next to it, the section opened.
 */
export function DesignImages() {
  const b = useSnapshot(builder);
  const size = b.layout ? RECOMMENDED_IMAGE_SIZE[b.layout] : undefined;
  const errors = useBuilderErrors();
  const errorOf = (key: string) => fieldError(errors, key);
  const hasError = (k: ImageKey) => Boolean(errorOf(`images.${k}`) || errorOf(`images.${k}.link`));
  // The thank-you picture on layouts with a thank-you view, and on any other while it is refused:
  // what stops a save is always on screen, next to its field.
  const shown: ImageKey[] = [
    'mobile',
    'desktop',
    'background',
    'overlayDesktop',
    'overlayMobile',
    ...(isThankYouLayout(b.layout) || hasError('thankYou') ? (['thankYou'] as const) : []),
  ];
  const anyError = shown.some(hasError);
  // Opened when a message appears, never closed by one going away (the section stays as staff left it while they type).
  const section = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (anyError && section.current) section.current.open = true;
  }, [anyError]);
  return (
    <details className={st.editor} ref={section}>
      <summary>Images</summary>
      <div className={st.imageGrid}>
        {shown.map((which) => {
          const label = LABELS[which];
          const hint = `At most 500 KB${size && (which === 'mobile' || which === 'desktop') ? `; recommended ${size} px` : ''}.`;
          return (
            <fieldset key={which} className={st.imageField} data-image={which}>
              <legend>{label}</legend>
              <FileDropZone
                label={label}
                accept={['image/*']}
                onFiles={([file]) => file && void uploadImage(which, file)}
                onReject={notifyDropZoneError}
                chooseLabel={`Upload ${label.toLowerCase()}`}
                hint={hint}
              />
              {errorOf(`images.${which}`) ? (
                <p role="alert" data-field-error="">
                  {errorOf(`images.${which}`)}
                </p>
              ) : null}
              {b.images[which] ? (
                <div className={st.row}>
                  <img src={b.images[which]!} alt={label} height={48} />
                  <Button onPress={() => removeImage(which)}>Remove {label.toLowerCase()}</Button>
                </div>
              ) : null}
              <TextField
                label={`${label} link`}
                type="url"
                value={b.imageLinks[which].url}
                onChange={(url) => setImageLink(which, { url })}
                errorMessage={errorOf(`images.${which}.link`)}
              />
              <Checkbox isSelected={b.imageLinks[which].newtab} onChange={(newtab) => setImageLink(which, { newtab })}>
                Open {label.toLowerCase()} link in a new tab
              </Checkbox>
            </fieldset>
          );
        })}
      </div>
    </details>
  );
}

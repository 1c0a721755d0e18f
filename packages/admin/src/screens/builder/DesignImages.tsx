import { Button } from '@lead/headless/Button';
import { Checkbox } from '@lead/headless/Checkbox';
import { FileDropZone } from '@lead/headless/FileDropZone';
import { TextField } from '@lead/headless/TextField';
import { useSnapshot } from 'valtio';
import { notifyDropZoneError } from '../../stores/ui.js';
import * as st from './builder.css.js';
import { removeImage, setImageLink, uploadImage } from './design.actions.js';
import { RECOMMENDED_IMAGE_SIZE, isThankYouLayout } from './samples.js';
import { builder, type ImageKey } from './state.js';

const LABELS: Record<ImageKey, string> = {
  mobile: 'Mobile image',
  desktop: 'Desktop image',
  background: 'Background image',
  overlayDesktop: 'Desktop overlay image',
  overlayMobile: 'Mobile overlay image',
  thankYou: 'Thank-you image',
};

/**
 * The pop-up's pictures (each at most 500 KB), each with the page it opens when clicked and
 * whether in a new tab. The thank-you image is offered on layouts with a thank-you view.
 */
export function DesignImages() {
  const b = useSnapshot(builder);
  const size = b.layout ? RECOMMENDED_IMAGE_SIZE[b.layout] : undefined;
  const shown: ImageKey[] = [
    'mobile',
    'desktop',
    'background',
    'overlayDesktop',
    'overlayMobile',
    ...(isThankYouLayout(b.layout) ? (['thankYou'] as const) : []),
  ];
  return (
    <details className={st.editor}>
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
              {b.images[which] ? (
                <div className={st.row}>
                  <img src={b.images[which]!} alt={label} height={48} />
                  <Button onPress={() => removeImage(which)}>Remove {label.toLowerCase()}</Button>
                </div>
              ) : null}
              <TextField label={`${label} link`} type="url" value={b.imageLinks[which].url} onChange={(url) => setImageLink(which, { url })} />
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

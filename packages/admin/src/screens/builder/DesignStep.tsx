import { BLOCK_LABELS, THANK_YOU_BLOCKS, type BlockName, type FormBlock } from '@lead/contract';
import { BlockPalette, type CanvasBlock } from '@lead/headless/BlockPalette';
import { Button } from '@lead/headless/Button';
import { RadioGroup } from '@lead/headless/RadioGroup';
import { Select } from '@lead/headless/Select';
import { Switch } from '@lead/headless/Switch';
import { TextField } from '@lead/headless/TextField';
import { renderPopup, type Popup } from '@lead/popup';
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { useFitScale } from '../../lib/useFitScale.js';
import { notify } from '../../stores/ui.js';
import * as st from './builder.css.js';
import {
  placeBlocks,
  refusal,
  selectBlock,
  togglePalette,
  setInlinePosition,
  setName,
  setPreviewDevice,
  setShowThankYou,
  setView,
} from './design.actions.js';
import { BlockEditor } from './BlockEditor.js';
import { DesignImages } from './DesignImages.js';
import { StylePanel } from './StylePanel.js';
import { builder } from './state.js';
import { blockMessages, builderErrors, fieldError } from './validation.js';
import {
  DESKTOP_ONLY,
  INLINE_POSITIONS,
  canvasLabel,
  inlinePositionLabel,
  isThankYouLayout,
  newBlock,
  paletteFor,
} from './samples.js';

const toCanvas = (b: FormBlock): CanvasBlock => ({ id: String(b.id), type: b.name, label: canvasLabel(b) });

export function DesignStep() {
  const b = useSnapshot(builder);
  // A refused save scrolls to the first invalid block (the store selects it).
  useEffect(() => {
    if (b.refusals && b.selectedBlock)
      document
        .querySelector(`[data-canvas] [data-key="${CSS.escape(b.selectedBlock)}"]`)
        ?.scrollIntoView({ block: 'center' });
  }, [b.refusals, b.selectedBlock]);
  const blocks = (b.view === 'thankyou' ? b.thankYou : b.forms) as FormBlock[];
  // Each block's messages on its row; the layout's own, and the form's while the thank-you view shows, under the canvas.
  const errors = builderErrors(b);
  const messages = blockMessages(errors, b.forms.length);
  const thankYouMessages = blockMessages(errors, b.thankYou.length, 'thankYou');
  const rowMessages = (id: string) =>
    b.view === 'main'
      ? (messages.byIndex.get(b.forms.findIndex((x) => String(x.id) === id)) ?? [])
      : (thankYouMessages.byIndex.get(b.thankYou.findIndex((x) => String(x.id) === id)) ?? []);
  // What the other view needs is said here too, so that nothing that stops a save is out of sight.
  const canvasMessages =
    b.view === 'main'
      ? [...messages.layout, ...[...thankYouMessages.byIndex.values()].flat()]
      : [...[...messages.byIndex.values()].flat(), ...messages.layout];
  const palette = (b.view === 'thankyou' ? THANK_YOU_BLOCKS : paletteFor(b.layout)).map((name) => ({
    type: name,
    label: BLOCK_LABELS[name],
  }));
  const thankYouLayout = isThankYouLayout(b.layout);
  return (
    <div className={st.design}>
      <div className={st.column}>
        <TextField
          label="Campaign name"
          isRequired
          value={b.name}
          onChange={setName}
          errorMessage={fieldError(errors, 'name')}
        />
        <div className={st.row}>
          {thankYouLayout ? (
            <RadioGroup
              label="View"
              orientation="horizontal"
              options={[
                { value: 'main', label: 'Main' },
                { value: 'thankyou', label: 'Thank you' },
              ]}
              value={b.view}
              onChange={setView}
            />
          ) : null}
          <RadioGroup
            label="Preview on"
            orientation="horizontal"
            options={[
              { value: 'desktop', label: 'Desktop' },
              { value: 'mobile', label: 'Mobile', isDisabled: b.layout !== null && DESKTOP_ONLY.includes(b.layout) },
            ]}
            value={b.previewDevice}
            onChange={setPreviewDevice}
          />
        </div>
        {thankYouLayout ? (
          <Switch isSelected={b.showThankYou === 'show'} onChange={setShowThankYou}>
            Show the thank-you view after a submit
          </Switch>
        ) : null}
        {b.layout?.startsWith('Inline') ? (
          <Select
            label="Inline position"
            options={INLINE_POSITIONS.map((p) => ({ id: p, label: inlinePositionLabel(p) }))}
            value={b.inlinePosition}
            onChange={(v) => v && setInlinePosition(String(v))}
          />
        ) : null}
        <Button onPress={togglePalette} aria-expanded={b.paletteOpen}>
          {b.paletteOpen ? 'Hide blocks' : 'Show blocks'}
        </Button>
        <BlockPalette
          isPaletteHidden={!b.paletteOpen}
          palette={palette}
          blocks={blocks.map(toCanvas)}
          onChange={placeBlocks}
          renderBlock={(c) => (
            <>
              {c.label}
              {rowMessages(c.id).map((m, i) => (
                <span key={i} style={{ display: 'block' }} data-field-error="">
                  {m}
                </span>
              ))}
            </>
          )}
          createBlock={(type) => toCanvas(newBlock(type as BlockName))}
          canAdd={(type) => refusal(type as BlockName)}
          onRefuse={(message) => notify('error', message)}
          selectedId={b.selectedBlock}
          onSelect={selectBlock}
          paletteLabel="Blocks"
          canvasLabel={b.view === 'thankyou' ? 'Thank-you blocks' : 'Form blocks'}
        />
        {canvasMessages.length ? (
          <ul className={st.list} aria-label="What the form needs">
            {canvasMessages.map((m, i) => (
              <li key={i} data-field-error="">
                {m}
              </li>
            ))}
          </ul>
        ) : null}
        <BlockEditor />
        <DesignImages />
        <StylePanel />
      </div>
      <Preview />
    </div>
  );
}

/** The pop-up as a visitor will see it: the same renderer (@lead/popup) the partner sites run. */
function Preview() {
  const b = useSnapshot(builder);
  const host = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLElement>(null);
  const popup = useRef<Popup | null>(null);
  useEffect(() => {
    if (!host.current || !b.layout) return;
    const campaign = {
      layout: b.layout,
      forms: b.forms as FormBlock[],
      thankYou: b.thankYou as FormBlock[],
      showThankYou: b.showThankYou === 'show',
      images: { ...b.images },
      imageLinks: { ...b.imageLinks },
      style: b.style,
    };
    const options = { device: b.previewDevice, view: b.view, preview: true } as const;
    if (popup.current) popup.current.update(campaign, options);
    else popup.current = renderPopup(host.current, campaign, options);
  }, [b.layout, b.forms, b.thankYou, b.showThankYou, b.previewDevice, b.view, b.images, b.imageLinks, b.style]);
  // A desktop pop-up wider than the pane is shown scaled down to fit, re-measured once resizing stops.
  const { scale, style } = useFitScale(frame, host, [b.layout, b.previewDevice, b.view, b.forms, b.thankYou]);
  return (
    <figure
      ref={frame}
      className={st.preview}
      aria-label={`Preview on ${b.previewDevice}`}
      data-scale={scale.toFixed(2)}
    >
      <div ref={host} data-popup-preview="" style={style} />
    </figure>
  );
}

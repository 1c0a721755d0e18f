import { BLOCK_LABELS, THANK_YOU_BLOCKS, blockLabel, type BlockName, type FormBlock } from '@lead/contract';
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
  currentBlocks,
  refusal,
  selectBlock,
  togglePalette,
  setBlocks,
  setInlinePosition,
  setName,
  setPreviewDevice,
  setShowThankYou,
  setView,
} from './design.actions.js';
import { BlockEditor } from './BlockEditor.js';
import { DesignImages } from './DesignImages.js';
import { builder } from './state.js';
import { DESKTOP_ONLY, INLINE_POSITIONS, inlinePositionLabel, isThankYouLayout, newBlock, paletteFor } from './samples.js';

const toCanvas = (b: FormBlock): CanvasBlock => ({ id: String(b.id), type: b.name, label: `${BLOCK_LABELS[b.name]}: ${blockLabel(b)}` });

export function DesignStep() {
  const b = useSnapshot(builder);
  // A refused save scrolls to the first invalid block (the store selects it).
  useEffect(() => {
    if (b.errors && b.selectedBlock) document.querySelector(`[data-canvas] [data-key="${CSS.escape(b.selectedBlock)}"]`)?.scrollIntoView({ block: 'center' });
  }, [b.errors, b.selectedBlock]);
  const blocks = (b.view === 'thankyou' ? b.thankYou : b.forms) as FormBlock[];
  const palette = (b.view === 'thankyou' ? THANK_YOU_BLOCKS : paletteFor(b.layout)).map((name) => ({ type: name, label: BLOCK_LABELS[name] }));
  const thankYouLayout = isThankYouLayout(b.layout);
  return (
    <div className={st.design}>
      <div className={st.column}>
        <TextField label="Campaign name" isRequired value={b.name} onChange={setName} errorMessage={b.errors?.name?.[0] ?? null} />
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
          onChange={(next) => {
            const byId = new Map(currentBlocks().map((x) => [String(x.id), x]));
            setBlocks(next.map((c) => byId.get(c.id) ?? { ...newBlock(c.type as BlockName), id: c.id }));
          }}
          createBlock={(type) => toCanvas(newBlock(type as BlockName))}
          canAdd={(type) => refusal(type as BlockName)}
          onRefuse={(message) => notify('error', message)}
          selectedId={b.selectedBlock}
          onSelect={selectBlock}
          paletteLabel="Blocks"
          canvasLabel={b.view === 'thankyou' ? 'Thank-you blocks' : 'Form blocks'}
        />
        <BlockEditor />
        <DesignImages />
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
    };
    const options = { device: b.previewDevice, view: b.view, preview: true } as const;
    if (popup.current) popup.current.update(campaign, options);
    else popup.current = renderPopup(host.current, campaign, options);
  }, [b.layout, b.forms, b.thankYou, b.showThankYou, b.previewDevice, b.view, b.images]);
  // A desktop pop-up wider than the pane is shown scaled down to fit, re-measured once resizing stops.
  const { scale, style } = useFitScale(frame, host, [b.layout, b.previewDevice, b.view, b.forms, b.thankYou]);
  return (
    <figure ref={frame} className={st.preview} aria-label={`Preview on ${b.previewDevice}`} data-scale={scale.toFixed(2)}>
      <div ref={host} data-popup-preview="" style={style} />
    </figure>
  );
}

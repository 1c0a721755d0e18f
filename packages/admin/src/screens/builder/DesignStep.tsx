import { BLOCK_LABELS, THANK_YOU_BLOCKS, type BlockName, type FormBlock } from '@lead/contract';
import { BlockPalette, type CanvasBlock } from '@lead/headless/BlockPalette';
import { Button } from '@lead/headless/Button';
import { RadioGroup } from '@lead/headless/RadioGroup';
import { Select } from '@lead/headless/Select';
import { Switch } from '@lead/headless/Switch';
import { TextField } from '@lead/headless/TextField';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
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
import { Preview } from './DesignCanvas.js';
import { BLOCK_GROUP, BlockIcon } from './blockIcons.js';
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
    group: BLOCK_GROUP[name],
    icon: <BlockIcon name={name} />,
  }));
  const thankYouLayout = isThankYouLayout(b.layout);
  return (
    <div className={st.design}>
      <div className={st.canvas}>
        <div className={st.toolbar}>
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
        <Preview />
        <p className={st.hint}>Click a block in the preview, or choose it in the block list, to edit it.</p>
      </div>
      <div className={st.panel} data-design-panel="">
        <TextField
          label="Campaign name"
          isRequired
          value={b.name}
          onChange={setName}
          errorMessage={fieldError(errors, 'name')}
        />
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
        <BlockEditor />
        <section className={st.column} aria-labelledby="design-blocks">
          <div className={st.sectionHead}>
            <h3 id="design-blocks" className={st.sectionTitle}>
              Blocks
            </h3>
            <Button onPress={togglePalette} aria-expanded={b.paletteOpen}>
              {b.paletteOpen ? 'Hide blocks' : 'Show blocks'}
            </Button>
          </div>
          <BlockPalette
            className={st.blocks}
            palettePosition="end"
            isPaletteHidden={!b.paletteOpen}
            palette={palette}
            blocks={blocks.map(toCanvas)}
            onChange={placeBlocks}
            renderBlock={(c) => (
              <span className={st.blockRow}>
                <BlockIcon name={c.type as BlockName} />
                <span>
                  {c.label}
                  {rowMessages(c.id).map((m, i) => (
                    <span key={i} style={{ display: 'block' }} data-field-error="">
                      {m}
                    </span>
                  ))}
                </span>
              </span>
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
        </section>
        <DesignImages />
        <StylePanel />
      </div>
    </div>
  );
}

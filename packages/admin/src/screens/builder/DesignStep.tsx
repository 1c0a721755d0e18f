import { BLOCK_LABELS, THANK_YOU_BLOCKS, type BlockName, type FieldErrors, type FormBlock } from '@lead/contract';
import { BlockPalette, type CanvasBlock } from '@lead/headless/BlockPalette';
import { Button } from '@lead/headless/Button';
import { RadioGroup } from '@lead/headless/RadioGroup';
import { Select } from '@lead/headless/Select';
import { Switch } from '@lead/headless/Switch';
import { TextField } from '@lead/headless/TextField';
import { memo, startTransition, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { snapshot, subscribe, useSnapshot } from 'valtio';
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
import { useBuilderErrors } from './useBuilderErrors.js';
import { blockMessages, fieldError } from './validation.js';
import {
  DESKTOP_ONLY,
  INLINE_POSITIONS,
  canvasLabel,
  inlinePositionLabel,
  isThankYouLayout,
  newBlock,
  paletteFor,
} from './samples.js';

/** A block's row, the same object while the block's snapshot is: the list redraws changed rows only. */
const rows = new WeakMap<FormBlock, CanvasBlock>();
function toCanvas(b: FormBlock): CanvasBlock {
  let row = rows.get(b);
  if (!row) rows.set(b, (row = { id: String(b.id), type: b.name, label: canvasLabel(b) }));
  return row;
}
const createBlock = (type: string) => toCanvas(newBlock(type as BlockName));
const canAdd = (type: string) => refusal(type as BlockName);
const onRefuse = (message: string) => notify('error', message);

/**
 * The Design step: the canvas and, beside it, the panel. Each part reads only what it shows from
 * the store, so a keystroke in a block's field redraws the field, the canvas and the block list,
 * and the block list (the heaviest part) after the canvas (docs/builder.md).
 */
export function DesignStep() {
  const b = useSnapshot(builder);
  // A refused save scrolls to the first invalid block (the store selects it).
  useEffect(() => {
    if (b.refusals && b.selectedBlock)
      document
        .querySelector(`[data-canvas] [data-key="${CSS.escape(b.selectedBlock)}"]`)
        ?.scrollIntoView({ block: 'center' });
  }, [b.refusals, b.selectedBlock]);
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
        <NameField />
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
        <BlocksSection />
        <DesignImages />
        <StylePanel />
      </div>
    </div>
  );
}

function NameField() {
  const b = useSnapshot(builder);
  const errors = useBuilderErrors();
  return (
    <TextField
      label="Campaign name"
      isRequired
      value={b.name}
      onChange={setName}
      errorMessage={fieldError(errors, 'name')}
    />
  );
}

/** How long typing pauses before what was typed reaches the block list. */
export const LIST_SETTLES_MS = 250;

const sameOrder = (a: readonly FormBlock[], b: readonly FormBlock[]) =>
  a.length === b.length && a.every((x, i) => x.id === b[i]!.id);

/**
 * The blocks of one view as the block list shows them: a block added, removed or moved at once;
 * what is typed into a block once typing pauses (LIST_SETTLES_MS), so that while someone types
 * the field and the canvas take each key alone and the list (the step's heaviest part) waits.
 */
function useListBlocks(key: 'forms' | 'thankYou'): FormBlock[] {
  const [shown, setShown] = useState(() => snapshot(builder)[key] as FormBlock[]);
  const drawn = useRef(shown);
  useEffect(() => {
    let last = drawn.current;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const sync = () => {
      const now = snapshot(builder)[key] as FormBlock[];
      if (now === last) return;
      const typed = sameOrder(now, last);
      last = now;
      clearTimeout(timer);
      // In a transition: drawn in slices a keystroke can come between.
      if (typed) timer = setTimeout(() => startTransition(() => setShown(now)), LIST_SETTLES_MS);
      else setShown(now);
    };
    // What changed between the first drawing and this subscription.
    sync();
    const unsubscribe = subscribe(builder, sync);
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [key]);
  return shown;
}

/** The block list and palette, and what the form needs (the list's blocks: useListBlocks). */
function BlocksSection() {
  const snap = useSnapshot(builder);
  const forms = useListBlocks('forms');
  const thankYou = useListBlocks('thankYou');
  const errors = useDeferredValue(useBuilderErrors());
  return (
    <BlockList
      view={snap.view}
      layout={snap.layout}
      forms={forms}
      thankYou={thankYou}
      errors={errors}
      paletteOpen={snap.paletteOpen}
      selectedBlock={snap.selectedBlock}
    />
  );
}

interface BlockListProps {
  view: 'main' | 'thankyou';
  layout: typeof builder.layout;
  forms: FormBlock[];
  thankYou: FormBlock[];
  errors: FieldErrors;
  paletteOpen: boolean;
  selectedBlock: string | null;
}

const BlockList = memo(function BlockList({
  view,
  layout,
  forms,
  thankYou,
  errors,
  paletteOpen,
  selectedBlock,
}: BlockListProps) {
  const blocks = view === 'thankyou' ? thankYou : forms;
  // Each block's messages on its row; the layout's own, and the form's while the thank-you view shows, under the list.
  const messages = blockMessages(errors, forms.length);
  const thankYouMessages = blockMessages(errors, thankYou.length, 'thankYou');
  // What the other view needs is said here too, so that nothing that stops a save is out of sight.
  const canvasMessages =
    view === 'main'
      ? [...messages.layout, ...[...thankYouMessages.byIndex.values()].flat()]
      : [...[...messages.byIndex.values()].flat(), ...messages.layout];
  const byId = new Map(
    blocks.map((x, i) => [String(x.id), (view === 'main' ? messages : thankYouMessages).byIndex.get(i) ?? []]),
  );
  const said = JSON.stringify([...byId]);
  const palette = useMemo(
    () =>
      (view === 'thankyou' ? THANK_YOU_BLOCKS : paletteFor(layout)).map((name) => ({
        type: name,
        label: BLOCK_LABELS[name],
        group: BLOCK_GROUP[name],
        icon: <BlockIcon name={name} />,
      })),
    [view, layout],
  );
  const renderBlock = useCallback(
    (c: CanvasBlock) => (
      <span className={st.blockRow}>
        <BlockIcon name={c.type as BlockName} />
        <span>
          {c.label}
          {(byId.get(c.id) ?? []).map((m, i) => (
            <span key={i} style={{ display: 'block' }} data-field-error="">
              {m}
            </span>
          ))}
        </span>
      </span>
    ),
    // A row reads its messages only: drawn again when what they say changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [said],
  );
  return (
    <section className={st.column} aria-labelledby="design-blocks">
      <div className={st.sectionHead}>
        <h3 id="design-blocks" className={st.sectionTitle}>
          Blocks
        </h3>
        <Button onPress={togglePalette} aria-expanded={paletteOpen}>
          {paletteOpen ? 'Hide blocks' : 'Show blocks'}
        </Button>
      </div>
      <BlockPalette
        className={st.blocks}
        palettePosition="end"
        isPaletteHidden={!paletteOpen}
        palette={palette}
        blocks={blocks.map(toCanvas)}
        onChange={placeBlocks}
        renderBlock={renderBlock}
        createBlock={createBlock}
        canAdd={canAdd}
        onRefuse={onRefuse}
        selectedId={selectedBlock}
        onSelect={selectBlock}
        paletteLabel="Blocks"
        canvasLabel={view === 'thankyou' ? 'Thank-you blocks' : 'Form blocks'}
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
  );
});

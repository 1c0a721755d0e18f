import { BLOCK_LABELS, CHOICE_BLOCKS, THANK_YOU_BLOCKS, blockLabel, type BlockName, type FormBlock } from '@lead/contract';
import { BlockPalette, type CanvasBlock } from '@lead/headless/BlockPalette';
import { Checkbox } from '@lead/headless/Checkbox';
import { FileDropZone } from '@lead/headless/FileDropZone';
import { RadioGroup } from '@lead/headless/RadioGroup';
import { Select } from '@lead/headless/Select';
import { Switch } from '@lead/headless/Switch';
import { TextField } from '@lead/headless/TextField';
import { renderPopup, type Popup } from '@lead/popup';
import { useEffect, useRef } from 'react';
import { Button } from 'react-aria-components';
import { useSnapshot } from 'valtio';
import { notify, notifyDropZoneError } from '../../stores/ui.js';
import * as st from './builder.css.js';
import { addAnswer, currentBlocks, refusal, removeAnswer, selectBlock, togglePalette, setAnswer, setBlocks, setInlinePosition, setName, setPreviewDevice, setShowThankYou, setView, updateBlock, uploadBlockMedia } from './design.actions.js';
import { DesignImages } from './DesignImages.js';
import { builder } from './state.js';
import { DESKTOP_ONLY, INLINE_POSITIONS, RECOMMENDED_IMAGE_SIZE, isThankYouLayout, newBlock, paletteFor } from './samples.js';

const toCanvas = (b: FormBlock): CanvasBlock => ({ id: String(b.id), type: b.name, label: `${BLOCK_LABELS[b.name]}: ${blockLabel(b)}` });

export function DesignStep() {
  const b = useSnapshot(builder);
  // Spec 5: a refused save scrolls to the first invalid block (the store selects it).
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
            <RadioGroup label="View" orientation="horizontal" options={[{ value: 'main', label: 'Main' }, { value: 'thankyou', label: 'Thank you' }]} value={b.view} onChange={setView} />
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
          <Select label="Inline position" options={INLINE_POSITIONS.map((p) => ({ id: p, label: p }))} value={b.inlinePosition} onChange={(v) => v && setInlinePosition(String(v))} />
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

function BlockEditor() {
  const b = useSnapshot(builder);
  const list = (b.view === 'thankyou' ? b.thankYou : b.forms) as FormBlock[];
  const block = list.find((x) => String(x.id) === b.selectedBlock);
  if (!block) return <p className={st.editor}>Choose a block to edit it.</p>;
  const d = block.data;
  const hasKey = d.value !== undefined && block.name !== 'Terms';
  const error = Object.entries(b.errors ?? {}).find(([k]) => k === `forms.${b.forms.findIndex((x) => x.id === block.id)}`)?.[1]?.[0] ?? null;
  return (
    <section className={st.editor} aria-label={`Edit ${BLOCK_LABELS[block.name]}`}>
      <strong>{BLOCK_LABELS[block.name]}</strong>
      {error ? (
        <p role="alert" data-field-error="">
          {error}
        </p>
      ) : null}
      {block.name === 'Terms' ? (
        <>
          <TextField label="Text (words between asterisks become links)" value={d.valueHTML ?? ''} onChange={(valueHTML) => updateBlock({ valueHTML })} />
          <TextField label="URLs, one per line" rows={3} value={d.placeholder ?? ''} onChange={(placeholder) => updateBlock({ placeholder })} />
          <TextField label="Field key" value={d.value ?? ''} onChange={(value) => updateBlock({ value })} />
        </>
      ) : (
        <TextField label={block.name === 'Title' || block.name === 'Subtitle' ? 'Text' : 'Label'} value={d.placeholder ?? ''} onChange={(placeholder) => updateBlock({ placeholder })} />
      )}
      {hasKey ? <TextField label="Field key" value={d.value ?? ''} onChange={(value) => updateBlock({ value })} /> : null}
      {d.required !== undefined ? (
        <Checkbox isSelected={Boolean(d.required)} onChange={(required) => updateBlock({ required })}>
          Required
        </Checkbox>
      ) : null}
      {block.name === 'Image' || block.name === 'Video' ? (
        <FileDropZone
          label={block.name === 'Image' ? 'Drop an image here' : 'Drop an mp4 video here'}
          accept={block.name === 'Image' ? ['image/*'] : ['video/mp4', '.mp4']}
          onFiles={([file]) => file && void uploadBlockMedia(file)}
          onReject={notifyDropZoneError}
          chooseLabel={block.name === 'Image' ? 'Upload image' : 'Upload video'}
          hint={
            block.name === 'Image'
              ? `At most 1 MB${b.layout && RECOMMENDED_IMAGE_SIZE[b.layout] ? `; recommended ${RECOMMENDED_IMAGE_SIZE[b.layout]} px` : ''}.`
              : 'An mp4 video of at most 5 MB.'
          }
        />
      ) : null}
      {block.name === 'LinkButton' || block.name === 'Image' || block.name === 'Video' ? (
        <>
          <TextField label="URL" type="url" value={d.url ?? ''} onChange={(url) => updateBlock({ url })} />
          <Checkbox isSelected={Boolean(d.newtab)} onChange={(newtab) => updateBlock({ newtab })}>
            Open in a new tab
          </Checkbox>
        </>
      ) : null}
      {CHOICE_BLOCKS.includes(block.name) ? (
        <fieldset className={st.column}>
          <legend>Answers</legend>
          {(d.listQuestion ?? []).map((a, i) => (
            <div key={i} className={st.row}>
              <TextField label={`Answer ${i + 1} label`} value={a.placeholder} onChange={(placeholder) => setAnswer(i, { placeholder })} />
              <TextField label={`Answer ${i + 1} value`} value={a.value} onChange={(value) => setAnswer(i, { value })} errorMessage={a.value.trim() ? null : 'Empty value'} />
              {i >= 2 ? (
                <Button onPress={() => removeAnswer(i)} aria-label={`Delete answer ${i + 1}`}>
                  Delete
                </Button>
              ) : null}
            </div>
          ))}
          <Button onPress={addAnswer}>Add answer</Button>
        </fieldset>
      ) : null}
    </section>
  );
}

/** The pop-up as a visitor will see it: the same renderer (@lead/popup) the partner sites run. */
function Preview() {
  const b = useSnapshot(builder);
  const host = useRef<HTMLDivElement>(null);
  const popup = useRef<Popup | null>(null);
  useEffect(() => {
    if (!host.current || !b.layout) return;
    const campaign = { layout: b.layout, forms: b.forms as FormBlock[], thankYou: b.thankYou as FormBlock[], showThankYou: b.showThankYou === 'show', images: { ...b.images } };
    const options = { device: b.previewDevice, view: b.view, preview: true } as const;
    if (popup.current) popup.current.update(campaign, options);
    else popup.current = renderPopup(host.current, campaign, options);
  }, [b.layout, b.forms, b.thankYou, b.showThankYou, b.previewDevice, b.view, b.images]);
  return (
    <figure className={st.preview} aria-label={`Preview on ${b.previewDevice}`}>
      <div ref={host} data-popup-preview="" />
    </figure>
  );
}

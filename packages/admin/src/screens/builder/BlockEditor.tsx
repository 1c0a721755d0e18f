import {
  BLOCK_LABELS,
  CHOICE_BLOCKS,
  FIELD_PRESETS,
  SINGLE_SUBMISSION_BLOCKS,
  SSO_TAGS,
  imageParts,
  type Align,
  type FormBlock,
} from '@lead/contract';
import { Button } from '@lead/headless/Button';
import { Checkbox } from '@lead/headless/Checkbox';
import { FileDropZone } from '@lead/headless/FileDropZone';
import { RadioGroup } from '@lead/headless/RadioGroup';
import { Select } from '@lead/headless/Select';
import { TextField } from '@lead/headless/TextField';
import { memo, useCallback, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { notifyDropZoneError } from '../../stores/ui.js';
import * as st from './builder.css.js';
import {
  addAnswer,
  applyFieldPreset,
  removeAnswer,
  setAnswer,
  updateBlock,
  uploadBlockMedia,
} from './design.actions.js';
import { BlockIcon } from './blockIcons.js';
import { RECOMMENDED_IMAGE_SIZE } from './samples.js';
import { builder } from './state.js';
import { useBuilderErrors } from './useBuilderErrors.js';
import { fieldError } from './validation.js';

const ALIGNS: Array<{ value: Align; label: string }> = [
  { value: 'left', label: 'Left' },
  { value: 'center', label: 'Center' },
  { value: 'right', label: 'Right' },
];
const CUSTOM = 'custom';
const PRESETS = [{ id: CUSTOM, label: 'Custom key' }, ...FIELD_PRESETS.map((p) => ({ id: p, label: p }))];
const choosePreset = (v: string | number | null) =>
  v && v !== CUSTOM && applyFieldPreset(String(v) as (typeof FIELD_PRESETS)[number]);
const setAlign = (align: Align) => updateBlock({ align });

/*
 * The block's fields, each drawn again only when what it shows changes: a keystroke in one
 * redraws that one, not its neighbours (the builder's keystroke bench, docs/builder.md).
 */
type TextKey = 'placeholder' | 'valueHTML' | 'value' | 'url';
const BlockText = memo(function BlockText(props: {
  name: TextKey;
  label: string;
  value: string;
  rows?: number;
  type?: 'url';
}) {
  const { name, ...field } = props;
  const onChange = useCallback((v: string) => updateBlock({ [name]: v }), [name]);
  return <TextField {...field} onChange={onChange} />;
});
const BlockCheck = memo(function BlockCheck(props: {
  name: 'required' | 'singleSubmission' | 'newtab';
  isSelected: boolean;
  children: ReactNode;
}) {
  const { name, ...box } = props;
  const onChange = useCallback((v: boolean) => updateBlock({ [name]: v }), [name]);
  return <Checkbox {...box} onChange={onChange} />;
});
const BlockAlign = memo(function BlockAlign({ value }: { value: Align }) {
  return (
    <RadioGroup<Align> label="Align" orientation="horizontal" options={ALIGNS} value={value} onChange={setAlign} />
  );
});
const PresetSelect = memo(function PresetSelect({ value }: { value: string }) {
  return <Select label="Field preset" options={PRESETS} value={value} onChange={choosePreset} />;
});
/** The fields panel's id: a click on a block in the canvas scrolls it into view. */
export const BLOCK_FIELDS_ID = 'block-fields';

/**
 * The selected block's edit panel: its text or label, alignment (titles), field key (typed, or one
 * of the presets, with the block's SSO tag shown), required, one submission per number (phone and
 * OTP blocks), its media, link and answers.
 */
export function BlockEditor() {
  const b = useSnapshot(builder);
  const errors = useBuilderErrors();
  const list = (b.view === 'thankyou' ? b.thankYou : b.forms) as FormBlock[];
  const block = list.find((x) => String(x.id) === b.selectedBlock);
  if (!block)
    return (
      <p id={BLOCK_FIELDS_ID} className={st.editor}>
        Choose a block to edit it.
      </p>
    );
  const d = block.data;
  const hasKey = d.value !== undefined && block.name !== 'Terms' && block.name !== 'Image';
  // The block's first message (validation.ts), as its canvas row shows it.
  const error = fieldError(
    errors,
    b.view === 'main'
      ? `forms.${b.forms.findIndex((x) => x.id === block.id)}`
      : `thankYou.${b.thankYou.findIndex((x) => x.id === block.id)}`,
  );
  const image = block.name === 'Image' ? imageParts(block) : null;
  return (
    <section id={BLOCK_FIELDS_ID} className={st.editor} aria-label={`Edit ${BLOCK_LABELS[block.name]}`}>
      <strong className={st.editorTitle}>
        <BlockIcon name={block.name} />
        {BLOCK_LABELS[block.name]}
      </strong>
      {error ? <p data-field-error="">{error}</p> : null}
      {block.name === 'Terms' ? (
        <>
          <BlockText name="valueHTML" label="Text (words between asterisks become links)" value={d.valueHTML ?? ''} />
          <BlockText name="placeholder" label="URLs, one per line" rows={3} value={d.placeholder ?? ''} />
          <BlockText name="value" label="Field key" value={d.value ?? ''} />
        </>
      ) : (
        <BlockText
          name="placeholder"
          label={block.name === 'Title' || block.name === 'Subtitle' ? 'Text' : 'Label'}
          value={d.placeholder ?? ''}
        />
      )}
      {block.name === 'Title' || block.name === 'Subtitle' ? <BlockAlign value={d.align ?? 'center'} /> : null}
      {hasKey ? (
        <div className={st.row}>
          <PresetSelect value={(FIELD_PRESETS as readonly string[]).includes(d.value ?? '') ? d.value! : CUSTOM} />
          <BlockText name="value" label="Field key" value={d.value ?? ''} />
        </div>
      ) : null}
      {SSO_TAGS[block.name] ? <p data-sso-tag="">SSO tag: {SSO_TAGS[block.name]}</p> : null}
      {d.required !== undefined ? (
        <BlockCheck name="required" isSelected={Boolean(d.required)}>
          Required
        </BlockCheck>
      ) : null}
      {SINGLE_SUBMISSION_BLOCKS.includes(block.name) ? (
        <BlockCheck name="singleSubmission" isSelected={Boolean(d.singleSubmission)}>
          One submission per phone number
        </BlockCheck>
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
      {image ? (
        <>
          {image.src ? <img src={image.src} alt={`${d.placeholder || 'Image'} (picture)`} height={48} /> : null}
          {/* The picture and where a click on it goes are two things: typing a link keeps the picture. */}
          <TextField
            label="Link when the image is clicked"
            type="url"
            value={image.href}
            onChange={(url) => updateBlock({ value: image.src, url })}
          />
          <Checkbox
            isSelected={Boolean(d.newtab)}
            onChange={(newtab) => updateBlock({ value: image.src, url: image.href, newtab })}
          >
            Open the link in a new tab
          </Checkbox>
        </>
      ) : null}
      {block.name === 'LinkButton' || block.name === 'Video' ? (
        <>
          <BlockText name="url" label={block.name === 'Video' ? 'Video URL' : 'URL'} type="url" value={d.url ?? ''} />
          <BlockCheck name="newtab" isSelected={Boolean(d.newtab)}>
            Open in a new tab
          </BlockCheck>
        </>
      ) : null}
      {CHOICE_BLOCKS.includes(block.name) ? (
        <fieldset className={st.column}>
          <legend>Answers</legend>
          {(d.listQuestion ?? []).map((a, i) => (
            <div key={i} className={st.row}>
              <TextField
                label={`Answer ${i + 1} label`}
                value={a.placeholder}
                onChange={(placeholder) => setAnswer(i, { placeholder })}
              />
              <TextField
                label={`Answer ${i + 1} value`}
                value={a.value}
                onChange={(value) => setAnswer(i, { value })}
                errorMessage={a.value.trim() ? null : 'Empty value'}
              />
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

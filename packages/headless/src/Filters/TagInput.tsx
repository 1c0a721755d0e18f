import { useId, useState, type KeyboardEvent } from 'react';
import { Button, Group, Input, Label, Tag, TagGroup, TagList, Text, TextField } from 'react-aria-components';
import { rootStyling, useControlled, type RootProps } from '../internal/compose.js';
import { visuallyHidden } from '../internal/visuallyHidden.js';

export interface TagInputProps extends RootProps<HTMLDivElement, { count: number }> {
  /** The visible label, which is also the accessible name. */
  label: string;
  /** The tags, controlled. */
  value?: string[];
  /** The first tags, uncontrolled (none by default). */
  defaultValue?: string[];
  /** Called with the tags after each add or removal. */
  onChange?: (tags: string[]) => void;
  /** Shown while empty; never a substitute for the label. */
  placeholder?: string;
  /** The add button's text ("Add"). */
  addLabel?: string;
  /** The remove buttons' label; each is announced with its tag ("Remove nutrition"). */
  removeLabel?: string;
  /** What a screen reader hears when a tag is added ("heart added.") or removed ("heart removed."). */
  addedMessage?: (tag: string) => string;
  /** What a screen reader hears when one is removed. */
  removedMessage?: (tag: string) => string;
}

/**
 * A text field whose entries become removable tags: Enter or the Add button adds the
 * trimmed text (empty text and duplicates are ignored), each tag has a remove button, and
 * the tag list is a react-aria TagGroup (arrow keys move between tags; Delete or Backspace
 * removes the focused one). Controlled (`value`, `onChange`) or not (`defaultValue`). DOM
 * props, `ref`, `className` and `style` (or functions of `{ count }`) are the root `<div>`'s.
 */
export function TagInput({
  label,
  value: controlled,
  defaultValue = [],
  /** Called with the tags after each add or removal. */
  onChange: report,
  placeholder,
  addLabel = 'Add',
  removeLabel = 'Remove',
  addedMessage = (tag) => `${tag} added.`,
  removedMessage = (tag) => `${tag} removed.`,
  className,
  style,
  ...props
}: TagInputProps) {
  const [value, onChange] = useControlled(controlled, defaultValue, report);
  const [text, setText] = useState('');
  const [note, setNote] = useState('');
  const [said, setSaid] = useState('');
  const tagsLabel = useId();
  const add = () => {
    const tag = text.trim();
    if (!tag) return;
    if (value.includes(tag)) {
      setNote(`${tag} is already added.`);
      return;
    }
    onChange([...value, tag]);
    setText('');
    setNote('');
    setSaid(addedMessage(tag));
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };
  return (
    <div {...props} {...rootStyling({ count: value.length }, className, style)} data-lead="" data-tag-input="">
      <Group data-tag-input-entry="">
        <TextField value={text} onChange={setText} onKeyDown={onKeyDown}>
          <Label>{label}</Label>
          <Input placeholder={placeholder} />
          <Text slot="description" data-tag-input-note="" aria-live="polite">
            {note}
          </Text>
        </TextField>
        <Button onPress={add} isDisabled={!text.trim()} data-tag-input-add="">
          {addLabel}
        </Button>
      </Group>
      <span role="status" style={visuallyHidden} data-tag-input-status="">
        {said}
      </span>
      <span id={tagsLabel} hidden>
        {label}: added
      </span>
      {value.length > 0 && (
        <TagGroup
          aria-labelledby={tagsLabel}
          onRemove={(keys) => {
            onChange(value.filter((t) => !keys.has(t)));
            setSaid([...keys].map((k) => removedMessage(String(k))).join(' '));
          }}
          data-tag-input-tags=""
        >
          <TagList>
            {value.map((tag) => (
              <Tag key={tag} id={tag} textValue={tag}>
                {tag}
                <Button slot="remove" aria-label={removeLabel}>
                  ×
                </Button>
              </Tag>
            ))}
          </TagList>
        </TagGroup>
      )}
    </div>
  );
}

import type { ReactNode, Ref } from 'react';
import {
  Button,
  ComboBox as AriaComboBox,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  Text,
  type ComboBoxProps as AriaComboBoxProps,
  type Key,
  type SelectProps as AriaSelectProps,
} from 'react-aria-components';
import { keepDefaultClass } from '../internal/compose.js';

export interface SelectOption<K extends Key> {
  id: K;
  label: string;
  /** A second line, e.g. a site's description. */
  description?: string;
  isDisabled?: boolean;
}

/** What react-aria's Select and ComboBox props become here: `value` is one key or null. */
type Replaced =
  | 'children'
  | 'items'
  | 'defaultItems'
  | 'value'
  | 'defaultValue'
  | 'onChange'
  | 'isInvalid'
  | 'selectedKey'
  | 'defaultSelectedKey'
  | 'onSelectionChange'
  | 'selectionMode'
  | 'placeholder';

interface BaseProps<K extends Key> {
  /** The visible label, which is also the accessible name. */
  label: string;
  /** The choices, in order. */
  options: ReadonlyArray<SelectOption<K>>;
  /** The chosen option's id, controlled; null when none. */
  value?: K | null;
  /** The first chosen option's id, uncontrolled. */
  defaultValue?: K | null;
  /** Called with the chosen option's id (null when cleared). */
  onChange?: (value: K | null) => void;
  /** Shown while empty; never a substitute for the label. */
  placeholder?: string;
  /** Help text under the field, linked by aria-describedby. */
  description?: string;
  /** Shown under the field and makes it invalid. */
  errorMessage?: string | null;
  /** Renders an option's content; defaults to its label and description. */
  renderOption?: (option: SelectOption<K>) => ReactNode;
  /** The field's root `<div>` (label, button, description and error are inside). */
  ref?: Ref<HTMLDivElement>;
}

function Option<K extends Key>({
  option,
  render,
}: {
  option: SelectOption<K>;
  render?: ((o: SelectOption<K>) => ReactNode) | undefined;
}) {
  return (
    <ListBoxItem id={option.id} textValue={option.label} data-option="">
      {render ? (
        render(option)
      ) : (
        <>
          <Text slot="label">{option.label}</Text>
          {option.description ? <Text slot="description">{option.description}</Text> : null}
        </>
      )}
    </ListBoxItem>
  );
}

/**
 * A select (the WAI-ARIA listbox-in-a-popup pattern): the button opens a listbox; arrows move,
 * typing jumps, Enter chooses, Escape closes. A label, an optional description and an error.
 */
export function Select<K extends Key>({
  label,
  options,
  onChange,
  placeholder = 'Select',
  description,
  errorMessage,
  renderOption,
  className,
  disabledKeys,
  ...props
}: SelectProps<K>) {
  return (
    <AriaSelect
      {...props}
      onChange={(k) => onChange?.(k as K | null)}
      placeholder={placeholder}
      isInvalid={Boolean(errorMessage)}
      disabledKeys={[...(disabledKeys ?? []), ...options.filter((o) => o.isDisabled).map((o) => o.id)]}
      className={keepDefaultClass(className)}
      data-lead=""
      data-field=""
    >
      <Label>{label}</Label>
      <Button data-select-button="">
        {/* The chosen option's label alone: its description belongs to the list, not to the button's name. */}
        <SelectValue>
          {({ isPlaceholder, selectedText, defaultChildren }) => (isPlaceholder ? defaultChildren : selectedText)}
        </SelectValue>
        <span aria-hidden="true" data-select-chevron="">
          ▾
        </span>
      </Button>
      {description ? <Text slot="description">{description}</Text> : null}
      <FieldError data-field-error="">{errorMessage}</FieldError>
      <Popover data-lead="" data-select-popover="">
        <ListBox items={options}>{(o) => <Option option={o} render={renderOption} />}</ListBox>
      </Popover>
    </AriaSelect>
  );
}
export interface SelectProps<K extends Key> extends BaseProps<K>, Omit<AriaSelectProps<SelectOption<K>>, Replaced> {}

export interface ComboBoxProps<K extends Key> extends BaseProps<K>, Omit<AriaComboBoxProps<SelectOption<K>>, Replaced> {
  /** Said in the listbox when nothing matches. */
  emptyLabel?: string;
}

/**
 * A combo box (the WAI-ARIA combobox pattern with a listbox popup): typing filters the options
 * (contains, case-insensitive), arrows move, Enter chooses, Escape closes and restores.
 */
export function ComboBox<K extends Key>({
  label,
  options,
  onChange,
  placeholder,
  description,
  errorMessage,
  renderOption,
  className,
  emptyLabel,
  menuTrigger = 'focus',
  ...props
}: ComboBoxProps<K>) {
  return (
    <AriaComboBox
      {...props}
      onChange={(k) => onChange?.(k as K | null)}
      defaultItems={options}
      isInvalid={Boolean(errorMessage)}
      menuTrigger={menuTrigger}
      className={keepDefaultClass(className)}
      data-lead=""
      data-field=""
    >
      <Label>{label}</Label>
      <div data-combobox-input="">
        <Input placeholder={placeholder} />
        <Button aria-label={`Show ${label} options`} data-select-button="">
          <span aria-hidden="true">▾</span>
        </Button>
      </div>
      {description ? <Text slot="description">{description}</Text> : null}
      <FieldError data-field-error="">{errorMessage}</FieldError>
      <Popover data-lead="" data-select-popover="">
        <ListBox renderEmptyState={emptyLabel ? () => emptyLabel : undefined}>
          {(o: SelectOption<K>) => <Option option={o} render={renderOption} />}
        </ListBox>
      </Popover>
    </AriaComboBox>
  );
}

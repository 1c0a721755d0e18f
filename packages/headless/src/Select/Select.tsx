import type { ReactNode } from 'react';
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
  type Key,
} from 'react-aria-components';

export interface SelectOption<K extends Key> {
  id: K;
  label: string;
  /** A second line, e.g. a site's description. */
  description?: string;
  isDisabled?: boolean;
}

interface BaseProps<K extends Key> {
  label: string;
  options: ReadonlyArray<SelectOption<K>>;
  value: K | null;
  onChange: (value: K | null) => void;
  placeholder?: string;
  description?: string;
  /** Shown under the field and makes it invalid. */
  errorMessage?: string | null;
  isDisabled?: boolean;
  isRequired?: boolean;
  /** Renders an option's content; defaults to its label and description. */
  renderOption?: (option: SelectOption<K>) => ReactNode;
  className?: string;
}

function Option<K extends Key>({ option, render }: { option: SelectOption<K>; render?: ((o: SelectOption<K>) => ReactNode) | undefined }) {
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
  value,
  onChange,
  placeholder = 'Select',
  description,
  errorMessage,
  isDisabled,
  isRequired,
  renderOption,
  className,
}: SelectProps<K>) {
  return (
    <AriaSelect
      selectedKey={value}
      onSelectionChange={(k) => onChange(k as K | null)}
      placeholder={placeholder}
      isDisabled={isDisabled ?? false}
      isRequired={isRequired ?? false}
      isInvalid={Boolean(errorMessage)}
      disabledKeys={options.filter((o) => o.isDisabled).map((o) => o.id)}
      className={className}
      data-lead=""
      data-field=""
    >
      <Label>{label}</Label>
      <Button data-select-button="">
        <SelectValue />
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
export type SelectProps<K extends Key> = BaseProps<K>;

export interface ComboBoxProps<K extends Key> extends BaseProps<K> {
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
  value,
  onChange,
  placeholder,
  description,
  errorMessage,
  isDisabled,
  isRequired,
  renderOption,
  className,
}: ComboBoxProps<K>) {
  return (
    <AriaComboBox
      selectedKey={value}
      onSelectionChange={(k) => onChange(k as K | null)}
      defaultItems={options}
      isDisabled={isDisabled ?? false}
      isRequired={isRequired ?? false}
      isInvalid={Boolean(errorMessage)}
      menuTrigger="focus"
      className={className}
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
        <ListBox>{(o: SelectOption<K>) => <Option option={o} render={renderOption} />}</ListBox>
      </Popover>
    </AriaComboBox>
  );
}

import type { ReactNode } from 'react';
import { Checkbox as AriaCheckbox, CheckboxGroup as AriaCheckboxGroup, FieldError, Label, Text } from 'react-aria-components';

export interface CheckboxProps {
  children: ReactNode;
  isSelected?: boolean;
  defaultSelected?: boolean;
  isIndeterminate?: boolean;
  onChange?: (isSelected: boolean) => void;
  isDisabled?: boolean;
  /** In a CheckboxGroup: the value this box adds. */
  value?: string;
  className?: string;
}

/** A checkbox: Space toggles. The box is `[data-checkbox-box]` inside a label. */
export function Checkbox({ children, isSelected, defaultSelected, isIndeterminate, onChange, isDisabled, value, className }: CheckboxProps) {
  return (
    <AriaCheckbox
      {...(isSelected !== undefined ? { isSelected } : {})}
      {...(defaultSelected !== undefined ? { defaultSelected } : {})}
      isIndeterminate={isIndeterminate ?? false}
      onChange={onChange}
      isDisabled={isDisabled ?? false}
      {...(value !== undefined ? { value } : {})}
      className={className}
      data-lead=""
      data-checkbox=""
    >
      {({ isSelected: on, isIndeterminate: mixed }) => (
        <>
          <span aria-hidden="true" data-checkbox-box="">
            {mixed ? '–' : on ? '✓' : ''}
          </span>
          {children}
        </>
      )}
    </AriaCheckbox>
  );
}

export interface CheckboxGroupProps {
  label: string;
  options: ReadonlyArray<{ value: string; label: string; isDisabled?: boolean }>;
  value: string[];
  onChange: (value: string[]) => void;
  description?: string;
  errorMessage?: string | null;
  isRequired?: boolean;
  className?: string;
}

/** Checkboxes under one label (a `group`), with a description and an error message. */
export function CheckboxGroup({ label, options, value, onChange, description, errorMessage, isRequired, className }: CheckboxGroupProps) {
  return (
    <AriaCheckboxGroup
      value={value}
      onChange={onChange}
      isInvalid={Boolean(errorMessage)}
      isRequired={isRequired ?? false}
      className={className}
      data-lead=""
      data-field=""
    >
      <Label>{label}</Label>
      <div data-checkbox-group-items="">
        {options.map((o) => (
          <Checkbox key={o.value} value={o.value} isDisabled={o.isDisabled ?? false}>
            {o.label}
          </Checkbox>
        ))}
      </div>
      {description ? <Text slot="description">{description}</Text> : null}
      <FieldError data-field-error="">{errorMessage}</FieldError>
    </AriaCheckboxGroup>
  );
}

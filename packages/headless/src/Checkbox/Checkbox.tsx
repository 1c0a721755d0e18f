import type { ReactNode, Ref } from 'react';
import {
  Checkbox as AriaCheckbox,
  CheckboxGroup as AriaCheckboxGroup,
  FieldError,
  Label,
  Text,
  type CheckboxGroupProps as AriaCheckboxGroupProps,
  type CheckboxProps as AriaCheckboxProps,
} from 'react-aria-components';
import { keepDefaultClass } from '../internal/compose.js';

export interface CheckboxProps extends Omit<AriaCheckboxProps, 'children'> {
  /** The label, beside the box. */
  children: ReactNode;
  /** The `<label>` element that is the checkbox's root. */
  ref?: Ref<HTMLLabelElement>;
}

/**
 * A checkbox: Space toggles. Controlled (`isSelected`, `onChange`) or not (`defaultSelected`);
 * in a CheckboxGroup, `value` is what it adds. The box is `[data-checkbox-box]` inside a label.
 */
export function Checkbox({ children, className, ...props }: CheckboxProps) {
  return (
    <AriaCheckbox {...props} className={keepDefaultClass(className)} data-lead="" data-checkbox="">
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

export interface CheckboxGroupProps extends Omit<AriaCheckboxGroupProps, 'children' | 'isInvalid'> {
  /** The visible label, which is also the accessible name. */
  label: string;
  /** The choices, in order. */
  options: ReadonlyArray<{ value: string; label: string; isDisabled?: boolean }>;
  /** Help text under the field, linked by aria-describedby. */
  description?: string;
  /** Shown under the field (linked by aria-describedby); makes it invalid. */
  errorMessage?: string | null;
  /** The group's root `<div>` (role `group`). */
  ref?: Ref<HTMLDivElement>;
}

/**
 * Checkboxes under one label (a `group`), with a description and an error message. Controlled
 * (`value`, `onChange`) or not (`defaultValue`).
 */
export function CheckboxGroup({ label, options, description, errorMessage, className, ...props }: CheckboxGroupProps) {
  return (
    <AriaCheckboxGroup
      {...props}
      isInvalid={Boolean(errorMessage)}
      className={keepDefaultClass(className)}
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

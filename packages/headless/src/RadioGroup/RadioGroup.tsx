import type { ReactNode, Ref } from 'react';
import {
  FieldError,
  Label,
  Radio,
  RadioGroup as AriaRadioGroup,
  Text,
  type RadioGroupProps as AriaRadioGroupProps,
} from 'react-aria-components';
import { keepDefaultClass } from '../internal/compose.js';

export interface RadioOption<V extends string> {
  value: V;
  label: ReactNode;
  isDisabled?: boolean;
}

export interface RadioGroupProps<V extends string> extends Omit<
  AriaRadioGroupProps,
  'children' | 'isInvalid' | 'value' | 'defaultValue' | 'onChange'
> {
  /** The visible label, which is also the accessible name. */
  label: string;
  /** The choices, in order. */
  options: ReadonlyArray<RadioOption<V>>;
  /** The chosen value, controlled (null: none yet). */
  value?: V | null;
  /** The first chosen value, uncontrolled. */
  defaultValue?: V | null;
  /** Called with the chosen value. */
  onChange?: (value: V) => void;
  /** Help text under the field, linked by aria-describedby. */
  description?: string;
  /** Shown under the field (linked by aria-describedby); makes it invalid. */
  errorMessage?: string | null;
  /** The group's root `<div>` (role `radiogroup`). */
  ref?: Ref<HTMLDivElement>;
}

/**
 * Radio buttons (the WAI-ARIA radio group pattern): arrows move and choose; Tab leaves the group.
 * Controlled (`value`, `onChange`) or not (`defaultValue`).
 */
export function RadioGroup<V extends string>({
  label,
  options,
  onChange,
  orientation = 'vertical',
  description,
  errorMessage,
  className,
  ...props
}: RadioGroupProps<V>) {
  return (
    <AriaRadioGroup
      {...props}
      onChange={(v) => onChange?.(v as V)}
      orientation={orientation}
      isInvalid={Boolean(errorMessage)}
      className={keepDefaultClass(className)}
      data-lead=""
      data-field=""
    >
      <Label>{label}</Label>
      <div data-radio-items="">
        {options.map((o) => (
          <Radio key={o.value} value={o.value} isDisabled={o.isDisabled ?? false} data-radio="">
            <span aria-hidden="true" data-radio-dot="" />
            {o.label}
          </Radio>
        ))}
      </div>
      {description ? <Text slot="description">{description}</Text> : null}
      <FieldError data-field-error="">{errorMessage}</FieldError>
    </AriaRadioGroup>
  );
}

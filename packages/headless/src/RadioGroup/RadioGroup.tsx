import type { ReactNode } from 'react';
import { FieldError, Label, Radio, RadioGroup as AriaRadioGroup, Text } from 'react-aria-components';

export interface RadioOption<V extends string> {
  value: V;
  label: ReactNode;
  isDisabled?: boolean;
}

export interface RadioGroupProps<V extends string> {
  label: string;
  options: ReadonlyArray<RadioOption<V>>;
  value: V | null;
  onChange: (value: V) => void;
  orientation?: 'horizontal' | 'vertical';
  description?: string;
  errorMessage?: string | null;
  isDisabled?: boolean;
  className?: string;
}

/** Radio buttons (the WAI-ARIA radio group pattern): arrows move and choose; Tab leaves the group. */
export function RadioGroup<V extends string>({
  label,
  options,
  value,
  onChange,
  orientation = 'vertical',
  description,
  errorMessage,
  isDisabled,
  className,
}: RadioGroupProps<V>) {
  return (
    <AriaRadioGroup
      value={value}
      onChange={(v) => onChange(v as V)}
      orientation={orientation}
      isInvalid={Boolean(errorMessage)}
      isDisabled={isDisabled ?? false}
      className={className}
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

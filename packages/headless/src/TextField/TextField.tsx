import type { ReactNode, Ref } from 'react';
import {
  FieldError,
  Input,
  Label,
  Text,
  TextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { keepDefaultClass } from '../internal/compose.js';

export interface TextFieldProps extends Omit<
  AriaTextFieldProps,
  'children' | 'isInvalid' | 'validationBehavior' | 'type'
> {
  /** The visible label, which is also the accessible name. */
  label: string;
  /** The input's type. */
  type?: 'text' | 'email' | 'password' | 'search' | 'url' | 'tel';
  /** A textarea of this many rows instead of an input. */
  rows?: number;
  /** Help text under the field, linked by aria-describedby. */
  description?: ReactNode;
  /** Shown under the field (linked by aria-describedby) and sets aria-invalid. */
  errorMessage?: string | null;
  /** Shown while empty; never a substitute for the label. */
  placeholder?: string;
  /** The field's root `<div>` (label, input, description and error are inside). */
  ref?: Ref<HTMLDivElement>;
}

/**
 * A labelled text input or textarea with a description and an error message. Controlled
 * (`value`, `onChange`) or not (`defaultValue`). Focus and keyboard handlers (`onKeyDown`,
 * `onBlur`) are the input's, as in react-aria; other DOM props go to the root.
 */
export function TextField({
  label,
  type = 'text',
  rows,
  description,
  errorMessage,
  placeholder,
  className,
  ...props
}: TextFieldProps) {
  return (
    <AriaTextField
      {...props}
      type={type}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      className={keepDefaultClass(className)}
      data-lead=""
      data-field=""
    >
      {/* Required fields carry data-required (react-aria); themes mark them, e.g. with an asterisk. */}
      <Label>{label}</Label>
      {rows ? <TextArea rows={rows} placeholder={placeholder} /> : <Input placeholder={placeholder} />}
      {description ? <Text slot="description">{description}</Text> : null}
      <FieldError data-field-error="">{errorMessage}</FieldError>
    </AriaTextField>
  );
}

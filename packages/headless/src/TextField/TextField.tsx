import type { ReactNode } from 'react';
import { FieldError, Input, Label, Text, TextArea, TextField as AriaTextField } from 'react-aria-components';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password' | 'search' | 'url' | 'tel';
  /** A textarea of this many rows instead of an input. */
  rows?: number;
  description?: ReactNode;
  /** Shown under the field (linked by aria-describedby) and sets aria-invalid. */
  errorMessage?: string | null;
  isRequired?: boolean;
  isDisabled?: boolean;
  isReadOnly?: boolean;
  autoComplete?: string;
  autoFocus?: boolean;
  placeholder?: string;
  maxLength?: number;
  name?: string;
  onBlur?: () => void;
  onKeyDown?: (e: React.KeyboardEvent) => void;
  className?: string;
}

/** A labelled text input or textarea with a description and an error message. */
export function TextField(props: TextFieldProps) {
  const { label, value, onChange, type = 'text', rows, description, errorMessage, isRequired, isDisabled, isReadOnly, className } = props;
  return (
    <AriaTextField
      value={value}
      onChange={onChange}
      type={type}
      isInvalid={Boolean(errorMessage)}
      isRequired={isRequired ?? false}
      isDisabled={isDisabled ?? false}
      isReadOnly={isReadOnly ?? false}
      {...(props.autoComplete ? { autoComplete: props.autoComplete } : {})}
      {...(props.autoFocus ? { autoFocus: true } : {})}
      {...(props.maxLength ? { maxLength: props.maxLength } : {})}
      {...(props.name ? { name: props.name } : {})}
      {...(props.onBlur ? { onBlur: props.onBlur } : {})}
      {...(props.onKeyDown ? { onKeyDown: props.onKeyDown } : {})}
      validationBehavior="aria"
      className={className}
      data-lead=""
      data-field=""
    >
      {/* Required fields carry data-required (react-aria); themes mark them, e.g. with an asterisk. */}
      <Label>{label}</Label>
      {rows ? <TextArea rows={rows} placeholder={props.placeholder} /> : <Input placeholder={props.placeholder} />}
      {description ? <Text slot="description">{description}</Text> : null}
      <FieldError data-field-error="">{errorMessage}</FieldError>
    </AriaTextField>
  );
}

import type { Ref } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { keepDefaultClass } from '../internal/compose.js';

export type ButtonVariant = 'primary' | 'secondary' | 'danger';

export interface ButtonProps extends AriaButtonProps {
  /** How much it stands out: `primary` for the one main action of a view, `danger` for a destructive one. */
  variant?: ButtonVariant;
  /** The `<button>` element (React 19: a ref is a prop). */
  ref?: Ref<HTMLButtonElement>;
}

/**
 * react-aria's Button (press events that work alike for mouse, touch and keyboard, `isDisabled`,
 * `isPending`, form `type`) with a variant, exposed as `data-button` for the theme. Every
 * react-aria prop, `ref` included, reaches the `<button>`.
 */
export function Button({ variant = 'secondary', className, ...props }: ButtonProps) {
  return <AriaButton {...props} className={keepDefaultClass(className)} data-lead="" data-button={variant} />;
}

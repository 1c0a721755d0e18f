import { useState, type CSSProperties, type HTMLAttributes, type Ref } from 'react';
import { composeRenderProps, type ClassNameOrFunction } from 'react-aria-components';
import { useStableCallback } from './useStableCallback.js';

const join = (...names: Array<string | undefined>): string => names.filter(Boolean).join(' ');

/**
 * A consumer's `className` on a react-aria root, a string or a function of the render state,
 * kept beside react-aria's default class (`react-aria-Button`...) instead of replacing it, so
 * that the theme stays on the component.
 */
export function keepDefaultClass<S>(className: ClassNameOrFunction<S> | undefined): ClassNameOrFunction<S> | undefined {
  if (className === undefined) return undefined;
  return composeRenderProps(className, (own: string, state: S & { defaultClassName: string | undefined }) =>
    join(state.defaultClassName, own),
  );
}

/** A consumer's props for an inner react-aria part (a table's row, cell or header), its class kept beside the default. */
export function partProps<P extends { className?: ClassNameOrFunction<never> }>(part: P | undefined): P | undefined {
  return part ? ({ ...part, className: keepDefaultClass(part.className) } as P) : undefined;
}

/** A class name: a string, or a function of the component's state. */
export type StateClassName<S> = string | ((state: S) => string);
/** An inline style: an object, or a function of the component's state. */
export type StateStyle<S> = CSSProperties | ((state: S) => CSSProperties | undefined);

/**
 * The props of a component whose root is a plain element: every DOM attribute and handler of
 * that element, `ref` (React 19: a ref is a prop), and `className` and `style` that may be
 * functions of the component's state.
 */
export interface RootProps<E extends HTMLElement, S> extends Omit<
  HTMLAttributes<E>,
  'className' | 'style' | 'children' | 'onChange' | 'defaultValue'
> {
  /** Added to the root's class: a string, or a function of the component's state. */
  className?: StateClassName<S>;
  /** Over the root's inline style: an object, or a function of the component's state. */
  style?: StateStyle<S>;
  /** The root element (React 19: a ref is a prop). */
  ref?: Ref<E>;
}

/** Resolves a plain root's `className` and `style` against its state, the consumer's style over ours. */
export function rootStyling<S>(
  state: S,
  className: StateClassName<S> | undefined,
  style: StateStyle<S> | undefined,
  ours?: CSSProperties,
) {
  const own = typeof style === 'function' ? style(state) : style;
  return {
    className: typeof className === 'function' ? className(state) : className,
    style: ours || own ? { ...ours, ...own } : undefined,
  };
}

/**
 * A value that is controlled (`value` given, changes only through `onChange`) or uncontrolled
 * (starts at `defaultValue` and is kept here), as React's own inputs work. The setter keeps its
 * identity across renders, so memoised children and hooks' dependencies stay put.
 */
export function useControlled<T>(
  value: T | undefined,
  defaultValue: T,
  onChange: ((value: T) => void) | undefined,
): [T, (value: T) => void] {
  const [own, setOwn] = useState(defaultValue);
  const isControlled = value !== undefined;
  const set = useStableCallback((next: T) => {
    if (!isControlled) setOwn(next);
    onChange?.(next);
  });
  return [isControlled ? value : own, set];
}

/** One ref callback that sets every given ref (ours and the consumer's). */
export function mergeRefs<E>(...refs: Array<Ref<E> | undefined>): (element: E | null) => void {
  return (element) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(element);
      else if (ref) (ref as { current: E | null }).current = element;
    }
  };
}

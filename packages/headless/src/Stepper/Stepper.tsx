import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { mergeRefs, rootStyling, type RootProps } from '../internal/compose.js';
import { visuallyHidden } from '../internal/visuallyHidden.js';
import type { StepDefinition, StepperState } from './useStepper.js';

export interface StepRenderProps<K extends string> {
  step: StepDefinition<K>;
  index: number;
  isCurrent: boolean;
  isComplete: boolean;
  isDisabled: boolean;
}

/** A stepper's state, for a `className` or `style` function. */
export interface StepperRenderState {
  index: number;
  total: number;
  isFirst: boolean;
  isLast: boolean;
}

const renderState = <K extends string>(state: StepperState<K>): StepperRenderState => ({
  index: state.index,
  total: state.steps.length,
  isFirst: state.isFirst,
  isLast: state.isLast,
});

export interface StepperProps<K extends string> extends RootProps<HTMLElement, StepperRenderState> {
  /** The state from `useStepper`. */
  state: StepperState<K>;
  /** The navigation's accessible name ("Steps"). */
  'aria-label'?: string;
  /** The content of each step button (text only: it is inside a button); defaults to its number and label. */
  children?: (props: StepRenderProps<K>) => ReactNode;
  /** What the live region says when the step changes; defaults to "Step 2 of 5: TEMPLATE". */
  announce?: (step: StepDefinition<K>, index: number, total: number) => string;
}

/**
 * The steps as a navigation list of buttons. The current step has `aria-current="step"`;
 * every step exposes `data-current`, `data-complete`, `data-invalid` and `data-disabled`
 * for styling. A polite live region announces the step the user is on. DOM props, `ref`,
 * `className` and `style` (or functions of `{ index, total, isFirst, isLast }`) are the `<nav>`'s.
 * `Stepper.Nav` is its Back and Next.
 */
export function Stepper<K extends string>({
  state,
  className,
  style,
  children,
  announce,
  'aria-label': label = 'Steps',
  ...props
}: StepperProps<K>) {
  const total = state.steps.length;
  const say = announce ?? ((step, index) => `Step ${index + 1} of ${total}: ${step.label}`);
  const current = state.steps[state.index]!;
  return (
    <nav
      {...props}
      {...rootStyling(renderState(state), className, style)}
      aria-label={label}
      data-lead=""
      data-mode={state.mode}
    >
      <ol data-stepper-list="">
        {state.steps.map((step, index) => {
          const isCurrent = index === state.index;
          const isComplete = index < state.index && step.isValid;
          const isDisabled = !state.isReachable(step.id);
          return (
            <li
              key={step.id}
              data-step=""
              data-current={isCurrent || undefined}
              data-complete={isComplete || undefined}
              data-invalid={!step.isValid || undefined}
              data-disabled={isDisabled || undefined}
            >
              <Button
                aria-current={isCurrent ? 'step' : undefined}
                isDisabled={isDisabled}
                onPress={() => state.goTo(step.id)}
                data-step-button=""
              >
                {children ? (
                  children({ step, index, isCurrent, isComplete, isDisabled })
                ) : (
                  <>
                    <span data-step-number="">{index + 1}</span> <span data-step-label="">{step.label}</span>
                  </>
                )}
              </Button>
            </li>
          );
        })}
      </ol>
      <div role="status" aria-live="polite" data-visually-hidden="" style={visuallyHidden}>
        {say(current, state.index, total)}
      </div>
    </nav>
  );
}

export interface StepperNavProps<K extends string> extends RootProps<HTMLDivElement, StepperRenderState> {
  /** The state from `useStepper`. */
  state: StepperState<K>;
  /** The back button's text ("Back"). */
  backLabel?: string;
  /** The next button's text ("Next"). */
  nextLabel?: string;
  /** Shown instead of Next on the last step (e.g. Save or Comfirm); omitted, Next is hidden there. */
  finish?: ReactNode;
  /** The consumer's own buttons (Save draft, Preview...), between Back and Next. */
  children?: ReactNode;
}

/**
 * Back and Next. Next is disabled while a linear stepper's step is invalid. When Next lands on a
 * step where it is disabled, or on the last step where it gives way to `finish`, focus would
 * fall to the page: it moves to `finish` (the last step) or to Back instead. Also `Stepper.Nav`.
 */
export function StepperNav<K extends string>({
  state,
  backLabel = 'Back',
  nextLabel = 'Next',
  finish,
  children,
  className,
  style,
  ref,
  ...props
}: StepperNavProps<K>) {
  const nav = useRef<HTMLDivElement>(null);
  const refs = useMemo(() => mergeRefs(nav, ref), [ref]);
  const [pressedNext, setPressedNext] = useState(0);
  useEffect(() => {
    const root = nav.current;
    if (!pressedNext || !root) return;
    const active = document.activeElement;
    if (active && active !== document.body && root.contains(active) && !(active as HTMLButtonElement).disabled) return;
    const focusable = (within: Element) =>
      [...within.querySelectorAll<HTMLElement>('button, [href], input, [tabindex]:not([tabindex="-1"])')].filter(
        (el) => !(el as HTMLButtonElement).disabled,
      );
    // The finish (on the last step), else Back; never the consumer's own buttons in between.
    const finishing = root.querySelector('[data-stepper-finish]');
    const target =
      (finishing && focusable(finishing)[0]) ?? focusable(root).find((el) => el.hasAttribute('data-stepper-back'));
    target?.focus();
  }, [pressedNext]);
  return (
    <div {...props} {...rootStyling(renderState(state), className, style)} data-lead="" data-stepper-nav="" ref={refs}>
      <Button isDisabled={!state.canBack} onPress={state.back} data-stepper-back="">
        {backLabel}
      </Button>
      {children}
      {state.isLast ? (
        <span data-stepper-finish="" style={{ display: 'contents' }}>
          {finish}
        </span>
      ) : (
        <Button
          isDisabled={!state.canNext}
          onPress={() => {
            state.next();
            setPressedNext((n) => n + 1);
          }}
          data-stepper-next=""
        >
          {nextLabel}
        </Button>
      )}
    </div>
  );
}

/** The stepper's Back and Next, as a part: `<Stepper.Nav state={state} />`. */
Stepper.Nav = StepperNav;

export { visuallyHidden } from '../internal/visuallyHidden.js';

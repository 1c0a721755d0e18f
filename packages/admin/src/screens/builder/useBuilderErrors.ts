import type { FieldErrors } from '@lead/contract';
import { useMemo, useSyncExternalStore } from 'react';
import { snapshot, subscribe } from 'valtio';
import { STEPS, builder, type StepId } from './state.js';
import { builderErrors, stepErrorsOf } from './validation.js';

/*
 * The builder's messages for its components. Read through a component's valtio snapshot,
 * builderErrors would read every field of the campaign, and the component would redraw on each
 * keystroke anywhere in the builder; read here, a component redraws only when the messages change.
 */

/** The messages of the builder's current snapshot; the same object while they say the same. */
let last: { snap: object; errors: FieldErrors; text: string } | null = null;
function currentErrors(): FieldErrors {
  const snap = snapshot(builder);
  if (last?.snap === snap) return last.errors;
  const errors = builderErrors(snap);
  const text = JSON.stringify(errors);
  last = { snap, errors: last?.text === text ? last.errors : errors, text };
  return last.errors;
}

const listen = (onChange: () => void) => subscribe(builder, onChange);

/** Every message the builder shows now, by field key (validation.ts `builderErrors`). */
export function useBuilderErrors(): FieldErrors {
  return useSyncExternalStore(listen, currentErrors);
}

/** Which steps can go on (validation.ts `stepValidity`), redrawn only when one changes. */
export function useStepValidity(): Record<StepId, boolean> {
  const errors = useBuilderErrors();
  return useMemo(() => {
    const byStep = stepErrorsOf(errors);
    return Object.fromEntries(STEPS.map((s) => [s, byStep[s].length === 0])) as Record<StepId, boolean>;
  }, [errors]);
}

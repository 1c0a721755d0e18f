import { useMemo } from 'react';
import { useControlled } from '../internal/compose.js';

export interface StepDefinition<K extends string = string> {
  id: K;
  label: string;
  /** Whether the step's content is complete enough to go on. */
  isValid: boolean;
}

/** Linear: steps run in order and Next waits for a valid step. Free: any step can be chosen. */
export type StepperMode = 'linear' | 'free';

export interface StepperState<K extends string = string> {
  steps: StepDefinition<K>[];
  mode: StepperMode;
  current: K;
  index: number;
  isFirst: boolean;
  isLast: boolean;
  canNext: boolean;
  canBack: boolean;
  /** Whether the step can be chosen directly now. */
  isReachable: (id: K) => boolean;
  goTo: (id: K) => void;
  next: () => void;
  back: () => void;
}

export interface UseStepperOptions<K extends string> {
  steps: StepDefinition<K>[];
  mode?: StepperMode;
  /** Controlled current step. */
  current?: K;
  defaultCurrent?: K;
  onCurrentChange?: (id: K) => void;
}

/** The state and rules of a stepper; `Stepper` renders it, or a consumer builds its own view. */
export function useStepper<K extends string>({
  steps,
  mode = 'linear',
  current,
  defaultCurrent,
  onCurrentChange,
}: UseStepperOptions<K>): StepperState<K> {
  const [active, set] = useControlled<K>(current, defaultCurrent ?? steps[0]!.id, onCurrentChange);
  const index = Math.max(
    0,
    steps.findIndex((s) => s.id === active),
  );
  return useMemo(() => {
    // In linear mode a step is reachable when every step before it is valid and it is not past the current one.
    const isReachable = (id: K) => {
      const i = steps.findIndex((s) => s.id === id);
      if (i < 0) return false;
      if (mode === 'free') return true;
      return i <= index;
    };
    const canNext = index < steps.length - 1 && (mode === 'free' || steps[index]!.isValid);
    const canBack = index > 0;
    return {
      steps,
      mode,
      current: steps[index]!.id,
      index,
      isFirst: index === 0,
      isLast: index === steps.length - 1,
      canNext,
      canBack,
      isReachable,
      goTo: (id: K) => isReachable(id) && set(id),
      next: () => canNext && set(steps[index + 1]!.id),
      back: () => canBack && set(steps[index - 1]!.id),
    };
  }, [steps, mode, index, set]);
}

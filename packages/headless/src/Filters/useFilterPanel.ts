import { useCallback, useMemo, useState } from 'react';
import { useControlled } from '../internal/compose.js';

export interface FilterPanel<T extends Record<string, unknown>> {
  /** The filters in force. */
  applied: T;
  /** What the panel shows while it is being edited. */
  draft: T;
  setDraft: <K extends keyof T>(key: K, value: T[K]) => void;
  /** Puts the draft in force. */
  apply: () => void;
  /** Drops the draft's changes. */
  cancel: () => void;
  /** Back to the defaults, in force at once. */
  reset: () => void;
  /** How many filters in force differ from their default. */
  activeCount: number;
  isDirty: boolean;
}

const same = (a: unknown, b: unknown): boolean => {
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && [...a].sort().every((v, i) => v === [...b].sort()[i]);
  return a === b;
};

/**
 * Holds a filter panel's draft apart from the filters in force: the panel edits the draft,
 * Apply puts it in force, Cancel drops it, and `activeCount` counts the filters that differ
 * from their defaults (an "All" checkbox menu, an empty text, count as inactive).
 */
export function useFilterPanel<T extends Record<string, unknown>>(
  defaults: T,
  options: { applied?: T; onApply?: (value: T) => void } = {},
): FilterPanel<T> {
  const [applied, setApplied] = useControlled<T>(options.applied, options.applied ?? defaults, options.onApply);
  const [draft, setDraftState] = useState<T>(applied);
  const setDraft = useCallback(
    <K extends keyof T>(key: K, value: T[K]) => setDraftState((d) => ({ ...d, [key]: value })),
    [],
  );
  const commit = useCallback(
    (value: T) => {
      setApplied(value);
      setDraftState(value);
    },
    [setApplied],
  );
  const activeCount = useMemo(
    () => Object.keys(defaults).filter((k) => !same(applied[k], defaults[k])).length,
    [applied, defaults],
  );
  const isDirty = useMemo(
    () => Object.keys(defaults).some((k) => !same(draft[k], applied[k])),
    [draft, applied, defaults],
  );
  return {
    applied,
    draft,
    setDraft,
    apply: () => commit(draft),
    cancel: () => setDraftState(applied),
    reset: () => commit(defaults),
    activeCount,
    isDirty,
  };
}

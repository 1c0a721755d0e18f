/** Small helpers shared by the repositories. */

/** Escapes LIKE wildcards so that a search for "50%" finds "50%". */
export const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Ids without repeats, in first-seen order. */
export const unique = (ids: number[]): number[] => [...new Set(ids)];

/** Small helpers shared by the repositories. */
import { sql, type RawBuilder } from 'kysely';

/** Escapes LIKE wildcards so that a search for "50%" finds "50%". */
export const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Ids without repeats, in first-seen order. */
export const unique = (ids: number[]): number[] => [...new Set(ids)];

/** The day `now` falls on in `timeZone`, as SQL: the day a figure counts under. */
export const dayOf = (now: Date, timeZone: string): RawBuilder<string> =>
  sql<string>`(${now}::timestamptz AT TIME ZONE ${timeZone})::date`;

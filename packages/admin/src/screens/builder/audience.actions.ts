/**
 * The Target step's Audience tab (docs/runtime-audience.md, "Audience"): the campaign's
 * `extra_fields.audience`, kept in the builder's carried-through extra_fields (`extraKept`), so the
 * wire needs nothing of its own. An audience that lets everyone through is no audience: the key
 * goes, and the campaign is chosen exactly as before.
 */
import { ANY_AUDIENCE, type Audience, type SourceCondition } from '@lead/contract';
import { builder } from './state.js';

/** The campaign's audience as the tab shows it (every visitor when it has none). */
export function audienceOf(extra: Readonly<Record<string, unknown>>): Audience {
  const a = extra.audience as Audience | undefined;
  return a ? { ...ANY_AUDIENCE, ...a, sources: [...(a.sources ?? [])] } : { ...ANY_AUDIENCE, sources: [] };
}

const isAny = (a: Audience) => !a.sources.length && a.visitor === 'any' && a.minPages === 1 && a.percent === 100;

export function setAudience(patch: Partial<Audience>): void {
  const next = { ...audienceOf(builder.extraKept), ...patch };
  if (isAny(next)) delete builder.extraKept.audience;
  else builder.extraKept.audience = next;
  builder.dirty = true;
}

export const addSourceCondition = (): void =>
  setAudience({
    sources: [...audienceOf(builder.extraKept).sources, { field: 'utm_source', op: 'equals', value: '' }],
  });

export const setSourceCondition = (i: number, patch: Partial<SourceCondition>): void =>
  setAudience({
    sources: audienceOf(builder.extraKept).sources.map((c, j) => (j === i ? { ...c, ...patch } : c)),
  });

export const removeSourceCondition = (i: number): void =>
  setAudience({ sources: audienceOf(builder.extraKept).sources.filter((_, j) => j !== i) });

/** A whole number typed in a field ('' or letters: NaN, which the save refuses with its message). */
export const typedNumber = (text: string): number => (text.trim() === '' ? NaN : Number(text));

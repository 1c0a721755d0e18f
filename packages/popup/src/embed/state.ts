/**
 * The visitor's state in the partner page's `localStorage`, under one key (no cookies): a random
 * visitor id, and per campaign when it was last shown, closed and submitted.
 */
import { VISITOR_STATE_KEY } from '@lead/contract';

export interface CampaignState {
  /** Last impression, last close, last submit (epoch ms). */
  i?: number;
  x?: number;
  s?: number;
}

export interface VisitorState {
  /** The visitor's random id (never derived from the person or the address). */
  v: string;
  /** The last close of any campaign of the site. */
  X?: number;
  c: Record<string, CampaignState>;
}

/**
 * 96 random bits as three numbers, e.g. '3405691582-17-2882400018' (all three under 1,000, about
 * one time in 10^20, makes an id too short to keep: the next page view draws another).
 */
const newId = (): string => crypto.getRandomValues(new Uint32Array(3)).join('-');

export function readState(): VisitorState {
  let state: Partial<VisitorState> = {};
  try {
    state = JSON.parse(localStorage.getItem(VISITOR_STATE_KEY) || '{}') as Partial<VisitorState>;
  } catch {
    // Storage refused (private mode) or damaged: a fresh state for this page view.
  }
  const known = /^[\w-]{8,64}$/.test(String(state.v ?? ''));
  const out = { v: known ? state.v! : newId(), X: state.X, c: Object(state.c) as VisitorState['c'] };
  // A new visitor keeps the id from now on: the A/B arm it picked must stay the same.
  if (!known) writeState(out);
  return out;
}

export function writeState(state: VisitorState): void {
  try {
    localStorage.setItem(VISITOR_STATE_KEY, JSON.stringify(state));
  } catch {
    // Nothing to do: the state lives for this page view only.
  }
}

/** Records what happened to `code` now, and saves. */
export function mark(code: string, what: keyof CampaignState | 'close'): void {
  const state = readState();
  const now = Date.now();
  const c = (state.c[code] ??= {});
  if (what === 'close' || what === 'x') {
    c.x = now;
    state.X = now;
  } else c[what] = now;
  writeState(state);
}

/**
 * The visitor's state in the partner page's `localStorage`, under one key (no cookies): a random
 * visitor id, per campaign when it was last shown, closed and submitted, the current visit (its
 * pages and where it came from) and when pop-ups were shown lately (the site's cap).
 */
import { keepShown, VISITOR_STATE_KEY, type Visit } from '@lead/contract';

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
  /** The current visit (`nextVisit` in @lead/contract). */
  s?: Visit;
  /** When a pop-up of any campaign was shown lately (epoch ms): what the site's cap counts. */
  h?: number[];
}

/**
 * 96 random bits as three numbers, e.g. '3405691582-17-2882400018' (all three under 1,000, about
 * one time in 10^20, makes an id too short to keep: the next page view draws another).
 */
const newId = (): string => crypto.getRandomValues(new Uint32Array(3)).join('-');

export function readState(): VisitorState {
  return visitorState()[0];
}

/** The visitor's state, and whether it was there before (a new visitor's is made and saved now). */
export function visitorState(): [VisitorState, boolean] {
  let state: Partial<VisitorState> = {};
  try {
    state = JSON.parse(localStorage.getItem(VISITOR_STATE_KEY) || '{}') as Partial<VisitorState>;
  } catch {
    // Storage refused (private mode) or damaged: a fresh state for this page view.
  }
  const known = /^[\w-]{8,64}$/.test(String(state.v ?? ''));
  const out: VisitorState = {
    v: known ? state.v! : newId(),
    X: state.X,
    c: Object(state.c) as VisitorState['c'],
    s: state.s,
    h: Array.isArray(state.h) ? state.h : [],
  };
  // A new visitor keeps the id from now on: the A/B arm it picked must stay the same.
  if (!known) writeState(out);
  return [out, known];
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
  if (what === 'i') state.h = keepShown(state.h, now);
  writeState(state);
}

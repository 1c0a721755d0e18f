/**
 * The clients' verdict on each lead (issue #46): a client accepts a lead it received, or rejects it
 * with a reason. A rejection within the client's window of a lead it pays for is credited: the
 * lead leaves the billable count, the spend and the goal progress. These are the pure rules; the
 * server applies them (repositories/verdicts.ts) and docs/api/verdicts.md states them.
 */

export const VERDICT_REASONS = ['wrong_number', 'unreachable', 'not_interested', 'fake', 'duplicate'] as const;
export type VerdictReason = (typeof VERDICT_REASONS)[number];
export type VerdictKind = 'accepted' | 'rejected';

/** Days after its capture within which a lead's rejection is credited, unless the client sets its own. */
export const DEFAULT_VERDICT_WINDOW_DAYS = 7;
export const MAX_VERDICT_WINDOW_DAYS = 90;
/** The most verdicts one request may carry. */
export const MAX_VERDICTS_PER_REQUEST = 500;

export interface VerdictInput {
  verdict: VerdictKind;
  /** Required with 'rejected', absent with 'accepted'. */
  reason?: VerdictReason | null | undefined;
}

/** What the client said of the lead before, if anything. */
export interface PastVerdict {
  verdict: VerdictKind;
  reason: VerdictReason | null;
  credited: boolean;
}

export interface VerdictLead {
  capturedAt: Date;
  /** A duplicate is not billed, so its rejection credits nothing. */
  duplicate: boolean;
  windowDays: number;
}

/** The counters a verdict moves on its lead's day and in its campaign's totals. */
export interface VerdictCounts {
  accepted: number;
  rejected: number;
  credited: number;
}

export type VerdictDecision =
  | { result: 'recorded'; credited: boolean; counts: VerdictCounts }
  | { result: 'unchanged'; credited: boolean }
  /** A verdict already given is final once the lead's window has closed. */
  | { result: 'window_closed'; credited: boolean };

/** The reason's problem, or null: a rejection needs one of VERDICT_REASONS, an acceptance none. */
export function verdictError(input: VerdictInput): string | null {
  if (input.verdict === 'rejected') {
    return input.reason && (VERDICT_REASONS as readonly string[]).includes(input.reason)
      ? null
      : `A rejection needs a reason: one of ${VERDICT_REASONS.join(', ')}.`;
  }
  return input.reason ? 'An accepted lead takes no reason.' : null;
}

/** Whether `now` is still within the lead's window (its capture + windowDays days). */
export const withinWindow = (lead: VerdictLead, now: Date): boolean =>
  now.getTime() <= lead.capturedAt.getTime() + lead.windowDays * 86_400_000;

/**
 * What a verdict does, given what was said before: a first verdict is always recorded (credited if
 * it is a rejection of a billable lead within its window); a change is recorded only within the
 * window; the same verdict again changes nothing. `counts` are the deltas to apply.
 */
export function decideVerdict(
  input: VerdictInput,
  past: PastVerdict | null,
  lead: VerdictLead,
  now: Date,
): VerdictDecision {
  const reason = input.verdict === 'rejected' ? (input.reason ?? null) : null;
  if (past && past.verdict === input.verdict && past.reason === reason)
    return { result: 'unchanged', credited: past.credited };
  const open = withinWindow(lead, now);
  if (past && !open) return { result: 'window_closed', credited: past.credited };
  const credited = input.verdict === 'rejected' && !lead.duplicate && open;
  const counts: VerdictCounts = { accepted: 0, rejected: 0, credited: 0 };
  if (past) {
    counts[past.verdict] -= 1;
    if (past.credited) counts.credited -= 1;
  }
  counts[input.verdict] += 1;
  if (credited) counts.credited += 1;
  return { result: 'recorded', credited, counts };
}

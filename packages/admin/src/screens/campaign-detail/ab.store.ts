import { MIN_IMPRESSIONS, type AbArmWire, type AbResultsWire } from '@lead/contract';
import { proxy } from 'valtio';
import { isAbort, call } from '../../api/client.js';
import { onSessionReset } from '../../stores/reset.js';
import { notify } from '../../stores/ui.js';
import { loadDetail } from './detail.store.js';

export type AbArm = AbArmWire;

/** What the test is read on: every lead, or the leads the client accepted. */
export type AbCount = AbResultsWire['count'];

const blank = () => ({
  results: null as AbResultsWire | null,
  failed: false,
  winner: null as AbArm | null,
  count: 'leads' as AbCount,
});

/** The A/B results of a test on its detail page, and ending the test by keeping a winner. */
export const ab = proxy(blank());
onSessionReset(() => Object.assign(ab, blank()));

export const NOT_ENOUGH_DATA = `Not enough data yet: every variant needs at least ${MIN_IMPRESSIONS} impressions before a winner can be called.`;

export async function loadResults(testId: number, count: AbCount = ab.count): Promise<void> {
  Object.assign(ab, blank(), { count });
  try {
    ab.results = (
      await call('GET /api/admin/campaign/:id/variants/results', {
        params: { id: testId },
        query: count === 'accepted' ? { count } : {},
        hideLoading: true,
      })
    )._data;
  } catch (error) {
    if (!isAbort(error)) ab.failed = true;
  }
}

export function askWinner(arm: AbArm | null): void {
  ab.winner = arm;
}

/** Ends the running test keeping `ab.winner` active, then reloads the page's figures. */
export async function keepWinner(testId: number): Promise<void> {
  const winner = ab.winner;
  if (!winner) return;
  ab.winner = null;
  try {
    const res = await call('POST /api/admin/campaign/:id/variants/winner', {
      params: { id: testId },
      body: { winner_id: winner.id },
    });
    notify('success', res._messages[0] ?? 'A/B test has been ended!');
    await loadDetail(testId);
    await loadResults(testId);
  } catch {
    // The shell has already told the user what went wrong (api/failures.ts).
  }
}

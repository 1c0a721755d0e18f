/**
 * What a person's pop-up does before its lead (docs/runtime-people.md, "Is it a person?"), for a journey
 * that sends a lead without a page: the impression opens a page view, the form's challenge is
 * solved with the pop-up's own solver, and the send waits the least fill time since the challenge
 * came, as the pop-up holds it. The fields to add to the lead's body.
 */
import { MIN_FILL_MS, solveChallenge, type PowChallenge, type PowSolution } from '@lead/contract';
import { baseUrl } from './helpers.js';

export async function openForm(
  headers: Record<string, string>,
  code: string,
  visitor: string,
): Promise<{ pv: string; pow: PowSolution; fill_ms: number }> {
  const answer = await fetch(`${baseUrl()}/api/public/sites/1/challenge`, { headers });
  const came = Date.now();
  const pow = (await solveChallenge(((await answer.json()) as { pow: PowChallenge }).pow))!;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, came + MIN_FILL_MS + 100 - Date.now())));
  // The impression last: the lead follows on its connection at once (an idle keep-alive connection may close under it).
  const events = await fetch(`${baseUrl()}/api/public/events`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ site_id: 1, visitor_id: visitor, events: [{ code, type: 'impression', at: Date.now() }] }),
  });
  const { pv } = (await events.json()) as { pv: string };
  return { pv, pow, fill_ms: Date.now() - came };
}

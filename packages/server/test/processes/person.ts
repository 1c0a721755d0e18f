/**
 * What a person's pop-up does before its lead (docs/runtime.md, "Is it a person?"), against a
 * server process: its impression opens a page view, the form's challenge is solved with the
 * pop-up's own solver, and the send waits the least fill time since the challenge came, as the
 * pop-up holds it (the page view opened last: the server needs it only to exist). The fields to add to the lead's body.
 */
import { MIN_FILL_MS, solveChallenge, type PowChallenge, type PowSolution } from '@lead/contract';

const PAGE = {
  origin: 'https://bacsi-online.vn',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
};

/** `challengeFrom`: the process that hands out the challenge, by default `base`, where the page view opens. */
export async function openForm(base: string, code: string, visitor: string, challengeFrom = base): Promise<{ pv: string; pow: PowSolution; fill_ms: number }> {
  const answer = await fetch(`${challengeFrom}/api/public/sites/1/challenge`, { headers: PAGE });
  const came = Date.now();
  const pow = (await solveChallenge(((await answer.json()) as { pow: PowChallenge }).pow))!;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, came + MIN_FILL_MS + 100 - Date.now())));
  // The impression last: the lead follows on its connection at once (an idle keep-alive connection may close under it).
  const events = await fetch(`${base}/api/public/events`, {
    method: 'POST',
    headers: { ...PAGE, 'content-type': 'application/json' },
    body: JSON.stringify({ site_id: 1, visitor_id: visitor, events: [{ code, type: 'impression', at: Date.now() }] }),
  });
  const { pv } = (await events.json()) as { pv: string };
  return { pv, pow, fill_ms: Date.now() - came };
}

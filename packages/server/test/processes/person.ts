/**
 * What a person's pop-up does before its lead (docs/runtime-people.md, "Is it a person?"), against a
 * server process: its impression opens a page view, the form's challenge is solved with the
 * pop-up's own solver, and the send waits the least fill time since the challenge came, as the
 * pop-up holds it (the page view opened last: the server needs it only to exist). Each request on a
 * connection of its own (`agent: false`): a pooled keep-alive connection left idle while the test
 * solves could be closed by the server just as it is reused. The fields to add to the lead's body.
 */
import { request } from 'node:http';
import { MIN_FILL_MS, solveChallenge, type PowChallenge, type PowSolution } from '@lead/contract';

const PAGE = {
  origin: 'https://bacsi-online.vn',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
};

/** `challengeFrom`: the process that hands out the challenge, by default `base`, where the page view opens. */
export async function openForm(
  base: string,
  code: string,
  visitor: string,
  challengeFrom = base,
): Promise<{ pv: string; pow: PowSolution; fill_ms: number }> {
  const answer = await send(challengeFrom, 'GET', '/api/public/sites/1/challenge');
  const came = Date.now();
  const pow = (await solveChallenge(((await answer.json()) as { pow: PowChallenge }).pow))!;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, came + MIN_FILL_MS + 100 - Date.now())));
  // The impression last: the lead follows on its connection at once (an idle keep-alive connection may close under it).
  const events = await send(base, 'POST', '/api/public/events', {
    site_id: 1,
    visitor_id: visitor,
    events: [{ code, type: 'impression', at: Date.now() }],
  });
  const { pv } = (await events.json()) as { pv: string };
  return { pv, pow, fill_ms: Date.now() - came };
}

interface Answer {
  status: number;
  text(): Promise<string>;
  json(): Promise<unknown>;
}

/** A request on a connection of its own, as a browser on a page of site 1. */
function send(base: string, method: string, path: string, body?: unknown): Promise<Answer> {
  const url = new URL(path, base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method,
        agent: false,
        headers: { ...PAGE, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            text: async () => text,
            json: async () => JSON.parse(text) as unknown,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** POST /api/public/leads as a browser on a page of site 1, on a connection of its own. */
export const postLead = (base: string, body: unknown): Promise<Answer> => send(base, 'POST', '/api/public/leads', body);

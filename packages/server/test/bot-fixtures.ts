/**
 * Issue #44's tests over real HTTP: the server listening on a port, a person's pop-up (page view,
 * challenge solved by the pop-up's own solver, fill time) and a script that posts leads straight
 * to the route, each request from the local address it names (127.0.0.x: one per "machine").
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MIN_FILL_MS, solveChallenge, type PowChallenge, type PowSolution } from '@lead/contract';
import type { MovableClock } from './public-fixtures.js';
import { BROWSER, ORIGIN } from './public-fixtures.js';
import type { TestApp } from './helpers.js';

export interface Answer {
  status: number;
  body: any;
}

/** The app on a port of 127.0.0.1; `send` makes a request from `from` (a loopback address). */
export async function listen(t: TestApp) {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const send = (
    method: string,
    path: string,
    o: { body?: unknown; headers?: Record<string, string>; from?: string } = {},
  ) =>
    new Promise<Answer>((resolve, reject) => {
      const payload = o.body === undefined ? undefined : JSON.stringify(o.body);
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          localAddress: o.from ?? '127.0.0.1',
          headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...o.headers },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  return { send };
}

export type Send = Awaited<ReturnType<typeof listen>>['send'];

/** A browser on a page of site 1. */
export const PAGE_HEADERS = { origin: ORIGIN, 'user-agent': BROWSER };

/**
 * What a person's pop-up does before a lead: its impression opens a page view (`pv`), the form
 * fetches a challenge and solves it, and the visitor types for MIN_FILL_MS (the clock moves).
 */
export async function openForm(
  send: Send,
  clock: MovableClock,
  o: { code: string; visitor: string; from?: string; headers?: Record<string, string>; wait?: number },
): Promise<{ pv: string; pow: PowSolution; fill_ms: number }> {
  const headers = o.headers ?? PAGE_HEADERS;
  const events = await send('POST', '/api/public/events', {
    body: { site_id: 1, visitor_id: o.visitor, events: [{ code: o.code, type: 'impression', at: clock.ms }] },
    headers,
    ...(o.from ? { from: o.from } : {}),
  });
  if (events.status !== 202) throw new Error(`impression: ${events.status}`);
  const challenge = await send('GET', '/api/public/sites/1/challenge', {
    headers,
    ...(o.from ? { from: o.from } : {}),
  });
  if (challenge.status !== 200) throw new Error(`challenge: ${challenge.status}`);
  const pow = (await solveChallenge(challenge.body.pow as PowChallenge))!;
  const wait = o.wait ?? MIN_FILL_MS + 500;
  clock.advance(wait);
  return { pv: events.body.pv as string, pow, fill_ms: wait };
}

/** A lead's body for site 1's campaign `code`. */
export const leadBody = (code: string, visitor: string, email: string, extra: Record<string, unknown> = {}) => ({
  site_id: 1,
  code,
  visitor_id: visitor,
  page_url: 'https://bacsi-online.vn/heart/a/',
  fields: { name: 'Lan Nguyen', email },
  ...extra,
});

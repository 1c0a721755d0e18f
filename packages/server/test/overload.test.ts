/**
 * No stall, no starvation (issue #28), over real sockets: a request whose headers or body stall is
 * dropped within the request timeout; an address holds at most its cap of connections; while the
 * event loop is behind, the public routes are answered 503 with Retry-After and the admin's are not.
 * Short timeouts and a low shedding threshold are set for the test; the loop's delay windows end when
 * the test says, never by a timer racing the test's own busy stretches.
 */
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await startTestApp({
    config: { requestTimeoutMs: 300, headersTimeoutMs: 300 },
    overload: { maxEventLoopDelay: 20, sampleEveryMs: 0 },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** A raw connection to `to` (the file's app unless told), what it has received, and a promise of its end. */
function open(to = port): Promise<{ socket: Socket; received: () => string; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port: to, host: '127.0.0.1' });
    let data = '';
    socket.on('data', (d) => (data += d));
    const closed = new Promise<number>((r) => socket.once('close', () => r(Date.now())));
    socket.once('error', () => undefined);
    socket.once('connect', () => resolve({ socket, received: () => data, closed }));
    socket.once('error', reject);
  });
}
const request = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`;
/** Resolves when `c` has received a whole answer to a GET. */
const answered = (c: { socket: Socket; received: () => string }) =>
  new Promise<string>((resolve) => {
    const check = () => {
      const text = c.received();
      const length = Number(/content-length: (\d+)/i.exec(text)?.[1] ?? NaN);
      const head = text.indexOf('\r\n\r\n');
      if (head >= 0 && text.length - head - 4 >= length) {
        c.socket.off('data', check);
        resolve(text);
      }
    };
    c.socket.on('data', check);
    check();
  });

describe('a stalled request', () => {
  it('is dropped with 408 when its body stops coming, within the request timeout', async () => {
    // The sign-in route: the server's timeouts hold for every route (a public one might be shed first under the test's low threshold).
    const c = await open();
    const start = Date.now();
    c.socket.write(
      'POST /api/admin/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"email":',
    );
    const end = await c.closed;
    expect(c.received()).toMatch(/^HTTP\/1\.1 408/);
    // 300 ms, checked every 75 ms: well within a second.
    expect(end - start).toBeLessThan(1500);
  });

  it('is dropped when its headers never end', async () => {
    const c = await open();
    const start = Date.now();
    c.socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: a');
    const end = await c.closed;
    expect(end - start).toBeLessThan(1500);
  });
});

describe('connections per address', () => {
  // An app of its own with the usual timeouts: under the file's 300 ms request timeout, a held
  // connection that a loaded machine had not written to in time was closed with a 408.
  let capped: TestApp;
  let cappedPort: number;
  beforeAll(async () => {
    capped = await startTestApp({ config: { maxConnectionsPerAddress: 4 } });
    await capped.app.listen({ port: 0, host: '127.0.0.1' });
    cappedPort = (capped.app.server.address() as AddressInfo).port;
  });
  afterAll(() => capped.close());

  it('closes the connections of an address past its cap at once, and serves it again when one ends', async () => {
    const open4 = () => open(cappedPort);
    const held = await Promise.all([open4(), open4(), open4(), open4()]);
    for (const c of held) {
      c.socket.write(request('/health'));
      expect(await answered(c)).toMatch(/^HTTP\/1\.1 200/);
    }
    const extra = await open4();
    extra.socket.write(request('/health'));
    await extra.closed;
    expect(extra.received()).toBe('');
    held[0]!.socket.destroy();
    await held[0]!.closed;
    // The server sees the close before the next connection (the same loopback, in order).
    const next = await open4();
    next.socket.write(request('/health'));
    expect(await answered(next)).toMatch(/^HTTP\/1\.1 200/);
    for (const c of [...held.slice(1), next]) c.socket.destroy();
    const metrics = await capped.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/lead_connections_refused_total [1-9]/);
  });
});

describe('load shedding', () => {
  const campaigns = () => t.app.inject({ method: 'GET', url: '/api/public/sites/1/campaigns' });
  /**
   * Keeps the event loop busy for `ms`. The histogram's 10-ms timer records the time since its
   * last tick, and a sample's reset forgets that tick: one tick first, then the busy stretch, then
   * the late tick (the histogram's timer is due before the test's 20 ms one).
   */
  const busy = async (ms: number) => {
    await new Promise((r) => setTimeout(r, 20));
    const until = Date.now() + ms;
    while (Date.now() < until) Math.sqrt(Math.random());
    await new Promise((r) => setTimeout(r, 20));
  };

  it('answers the public routes 503 with Retry-After while the event loop is behind, and the admin as usual', async () => {
    // The windows end when the test says (sampleEveryMs: 0), each after a busy stretch the loop's
    // own histogram measures: the first sample closes what came before.
    t.app.loopPressure.sample();
    await busy(300);
    t.app.loopPressure.sample();
    await busy(300);
    t.app.loopPressure.sample();
    expect(t.app.loopPressure.overloaded).toBe(true);
    const [pub, admin] = await Promise.all([campaigns(), t.app.inject({ method: 'GET', url: '/api/admin/config' })]);
    expect(pub.statusCode).toBe(503);
    expect(pub.headers['retry-after']).toBe('2');
    expect(admin.statusCode).toBe(200);
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/lead_requests_shed_total [1-9]/);
    // One window on time ends it.
    t.app.loopPressure.window(0);
    expect((await campaigns()).statusCode).toBe(200);
  });

  it('takes one long task (a start, a big export) for no overload: only two windows behind in a row shed', async () => {
    const pressure = t.app.loopPressure;
    pressure.window(0);
    pressure.window(300);
    expect((await campaigns()).statusCode).toBe(200);
    pressure.window(5);
    pressure.window(300);
    expect((await campaigns()).statusCode).toBe(200);
    // At the threshold (20 ms) is not behind it.
    pressure.window(20);
    pressure.window(20);
    expect((await campaigns()).statusCode).toBe(200);
    pressure.window(21);
    pressure.window(21);
    expect((await campaigns()).statusCode).toBe(503);
    pressure.window(0);
    expect((await campaigns()).statusCode).toBe(200);
  });
});

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cidrBlockList, isAllowedAddress } from '../lib/addresses.js';
import { guardedAgent, post, sign } from './webhook.js';

let hits = 0;
const server = createServer((_req, res) => {
  hits += 1;
  res.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere' }).end();
});
let port = 0;
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('post: the address is checked again at connect', () => {
  it('refuses a name that resolves to a loopback address now (DNS rebinding), without a request', async () => {
    const none = cidrBlockList([]);
    const agent = guardedAgent(none, 2_000);
    const before = hits;
    const r = await post(agent, `http://localhost:${port}/hook`, {}, '{}', none, 2_000);
    expect(r.status).toBeNull();
    expect(r.error).toMatch(/private, loopback, link-local or metadata/);
    const literal = await post(agent, `http://127.0.0.1:${port}/hook`, {}, '{}', none, 2_000);
    expect(literal.error).toMatch(/private, loopback, link-local or metadata/);
    const metadata = await post(agent, 'http://169.254.169.254/latest/meta-data/', {}, '{}', none, 2_000);
    expect(metadata.error).toMatch(/private, loopback, link-local or metadata/);
    expect(hits).toBe(before);
    await agent.close();
  });

  it('does not follow a redirect: a 3xx is the answer, kept to 500 bytes', async () => {
    const allow = cidrBlockList(['127.0.0.1']);
    const agent = guardedAgent(allow, 2_000);
    const before = hits;
    const r = await post(agent, `http://127.0.0.1:${port}/hook`, {}, '{}', allow, 2_000);
    expect(r.status).toBe(302);
    expect(hits).toBe(before + 1);
    await agent.close();
  });
});

describe('sign', () => {
  it('is v1, base64 HMAC-SHA256 of id.timestamp.body keyed with the secret bytes; one per secret', () => {
    // The Standard Webhooks specification's own example.
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const body = '{"test": 2432232314}';
    expect(sign([secret], 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, body)).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
    expect(sign([secret, secret], 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, body).split(' ')).toHaveLength(2);
  });
});

describe('what a receiver answers, and addresses that carry an IPv4 one', () => {
  it('keeps a binary answer (a NUL byte) readable for its text column', async () => {
    const binary = createServer((_req, res) => res.writeHead(500).end(Buffer.from([0x65, 0x00, 0x72, 0x72])));
    await new Promise<void>((r) => binary.listen(0, '127.0.0.1', r));
    try {
      const allow = cidrBlockList(['127.0.0.1']);
      const r = await post(
        guardedAgent(allow, 2_000),
        `http://127.0.0.1:${(binary.address() as AddressInfo).port}/hook`,
        {},
        '{}',
        allow,
        2_000,
      );
      expect(r).toMatchObject({ status: 500, error: 'e\uFFFDrr' });
    } finally {
      await new Promise<void>((r) => binary.close(() => r()));
    }
  });

  it('refuses IPv4-compatible, 6to4 and Teredo addresses (they carry 169.254.169.254 here)', () => {
    const none = cidrBlockList([]);
    for (const address of ['::a9fe:a9fe', '2002:a9fe:a9fe::1', '2001:0:a9fe:a9fe::1'])
      expect(isAllowedAddress(address, none), address).toBe(false);
    expect(isAllowedAddress('2606:4700::6810:84e5', none)).toBe(true);
  });
});

describe('an answer is read to ANSWER_BYTES, never to its end', () => {
  /** A receiver that answers `status` and streams up to 100 MB, as fast as the socket takes it; counts what it wrote before the socket closed. */
  async function streaming(status: number) {
    const total = 100 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const seen = { written: 0, ended: false, closed: new Promise<void>(() => {}) };
    const server = createServer((req, res) => {
      req.resume();
      seen.closed = new Promise<void>((resolve) => res.once('close', resolve));
      res.writeHead(status, { 'content-type': 'text/plain' });
      const pump = () => {
        while (seen.written < total && !res.destroyed) {
          seen.written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        if (seen.written >= total) {
          seen.ended = true;
          res.end();
        }
      };
      pump();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return { server, seen, total, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` };
  }

  it.each([200, 500])('closes the connection of a %i answer of 100 MB after its first bytes', async (status) => {
    const { server, seen, total, url } = await streaming(status);
    const allow = cidrBlockList(['127.0.0.1']);
    const agent = guardedAgent(allow, 30_000);
    try {
      const r = await post(agent, url, {}, '{}', allow, 30_000);
      expect(r.status).toBe(status);
      if (status === 500) expect(r.error).toBe('x'.repeat(500));
      else expect(r.error).toBeNull();
      // The receiver sees its socket closed long before its body's end.
      await seen.closed;
      expect(seen.ended).toBe(false);
      expect(seen.written).toBeLessThan(total / 4);
    } finally {
      await agent.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

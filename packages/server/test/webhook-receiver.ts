/** A real HTTP receiver for the webhook tests: it records every request and answers as told. */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** ok: 204; a number: that status (with a long body); hang: no answer at all; hold: no answer until `release()`. */
export type Behaviour = 'ok' | number | 'hang' | 'hold';

export class Receiver {
  readonly received: Received[] = [];
  behaviour: Behaviour = 'ok';
  private server: Server | null = null;
  private held: Array<{ body: string; res: ServerResponse }> = [];
  port = 0;

  /** Requests held unanswered now ('hold'). */
  get holding(): number {
    return this.held.length;
  }

  /** Answers every held request: `status`, with `body` made from the request's own body (an echo) or none. */
  release(status = 204, body?: (request: string) => string): void {
    const held = this.held;
    this.held = [];
    for (const h of held) h.res.writeHead(status, { 'content-type': 'text/plain' }).end(body?.(h.body));
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hook`;
  }

  /** Listens (again, on the same port after `down()`). */
  async up(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        const b = this.behaviour;
        if (b === 'hang') return;
        if (b === 'hold') return void this.held.push({ body: this.received.at(-1)!.body, res });
        if (b === 'ok') return void res.writeHead(204).end();
        res.writeHead(b, { 'content-type': 'text/plain' }).end(`failure ${b} `.padEnd(2000, 'x'));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** Stops listening: connections are refused until `up()`. */
  async down(): Promise<void> {
    const s = this.server;
    this.server = null;
    this.held = [];
    if (!s) return;
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
}

/** Waits until `condition` holds (checked every 20 ms), failing after `limitMs`. */
export async function until<T>(
  condition: () => T | Promise<T>,
  what: string,
  limitMs = 15_000,
): Promise<Exclude<T, false | 0 | '' | null | undefined>> {
  const started = Date.now();
  for (;;) {
    const value = await condition();
    if (value) return value as Exclude<T, false | 0 | '' | null | undefined>;
    if (Date.now() - started > limitMs) throw new Error(`waited ${limitMs} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

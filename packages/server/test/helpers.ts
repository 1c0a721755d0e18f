import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { Database } from '../src/db/connect.js';
import { DEMO_PASSWORD } from '../src/seed/accounts.js';
import { freshDatabase, TEST_NOW, TEST_SCRYPT_COST } from './database.js';

export { TEST_NOW } from './database.js';

export interface Response<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: {
    _status: 1 | -1;
    _data: T;
    _messages: string[];
    message?: string;
    errors?: Record<string, string[]>;
  };
  raw: string;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The app's clock. */
  now: () => Date;
  /** `remoteAddress` is the caller's socket address (127.0.0.1 unless given). */
  call<T = any>(
    method: string,
    url: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string>; remoteAddress?: string },
  ): Promise<Response<T>>;
  login(email: string, password?: string): Promise<string>;
  /** The mails written to DATA_DIR/outbox, oldest first, once every queued mail has gone. */
  outbox(): Promise<string[]>;
  count(table: string): Promise<number>;
  close(): Promise<void>;
}

export async function startTestApp(
  opts: {
    /** The demo data (the default), or only the first admin, admin@lead.test (DEMO=0). */
    demo?: boolean;
    now?: () => Date;
    fetch?: typeof fetch;
    config?: Partial<Config>;
    /** Where the server's log lines go (as JSON); no log without it. */
    logStream?: { write(line: string): void };
    /** Load-shedding thresholds (buildApp's `overload`); without it, no shedding by event-loop delay. */
    overload?: AppOptions['overload'];
    /** The webhook worker's poll interval and jitter (buildApp's `delivery`). */
    delivery?: AppOptions['delivery'];
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'lead-test-'));
  const demo = opts.demo ?? true;
  const variant = demo ? 'demo' : 'admin';
  const { database, dispose } = await freshDatabase({ variant });
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://lead.test',
      DEMO: demo ? '1' : '0',
      ADMIN_EMAIL: 'admin@lead.test',
      ADMIN_PASSWORD: 'x',
      SCHEDULER: '0',
      // The webhook worker runs only in the tests about it (config: { deliveryWorker: true }).
      DELIVERY_WORKER: '0',
      SCRYPT_COST: TEST_SCRYPT_COST,
    },
    opts.config,
  );
  const app = await buildApp({
    config,
    database,
    logger: opts.logStream ? { level: 'debug', stream: opts.logStream } : false,
    now: opts.now ?? (() => TEST_NOW),
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
    // Shedding by event-loop delay depends on the machine's load: off unless a test is about it.
    overload: opts.overload ?? { maxEventLoopDelay: 0 },
    ...(opts.delivery ? { delivery: opts.delivery } : {}),
    // An answer with a key its contract schema lacks, or without one it declares, fails the test.
    checkAnswers: true,
  });
  await app.ready();

  const call: TestApp['call'] = async (method, url, o = {}) => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    const res = await app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(o.remoteAddress ? { remoteAddress: o.remoteAddress } : {}),
      ...(o.body !== undefined ? { payload: o.body as object } : {}),
    });
    let body: Response<any>['body'];
    try {
      body = res.json();
    } catch {
      body = undefined as never;
    }
    return { status: res.statusCode, headers: res.headers, body, raw: res.body };
  };

  return {
    app,
    database,
    config,
    now: opts.now ?? (() => TEST_NOW),
    call,
    async login(email, password = DEMO_PASSWORD) {
      const res = await call<{ access_token: string }>('POST', '/api/admin/login', { body: { email, password } });
      if (res.status !== 200) throw new Error(`login ${email} failed: ${res.raw}`);
      return res.body._data.access_token;
    },
    async outbox() {
      await app.mailer.idle();
      const dir = join(dataDir, 'outbox');
      const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
      return Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')));
    },
    async count(table) {
      const row = await database.db
        .selectFrom(table as 'users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async close() {
      await app.close();
      await dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The link in a mail (quoted-printable soft breaks undone). */
export function linkIn(mail: string): { token: string; email: string } {
  const text = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const m = /\/admin\/#\/reset-password\/([A-Za-z0-9_-]+)\?email=([^\s"<]+)/.exec(text);
  if (!m) throw new Error(`no reset link in mail:\n${mail}`);
  return { token: m[1]!, email: decodeURIComponent(m[2]!) };
}

/** Multipart body for POST /uploads. */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; data: Buffer; type?: string; field?: string },
) {
  const boundary = `----lead${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201ffa1b1b6d20000000049454e44ae426082',
  'hex',
);
export const padded = (head: Buffer, size: number) =>
  Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0)]);

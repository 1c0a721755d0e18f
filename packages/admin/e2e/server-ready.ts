import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, inject } from 'vitest';

/*
 * The server of the journeys (e2e/global-setup.ts) starts while the admin's unit tests run; every
 * journey file waits here, before its own hooks, until it answers. A ceiling, not a wait: it
 * returns as soon as /health does, and fails at once with the server's output if it stopped.
 */
const CEILING_MS = 300_000;

beforeAll(async () => {
  const dataDir = inject('dataDir');
  const exitFile = join(dataDir, 'server.exit');
  const output = () => readFileSync(join(dataDir, 'server.log'), 'utf8');
  const until = Date.now() + CEILING_MS;
  for (;;) {
    if (existsSync(exitFile)) throw new Error(`the server exited with ${readFileSync(exitFile, 'utf8')}:\n${output()}`);
    const ok = await fetch(`${inject('baseUrl')}/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > until) throw new Error(`the server did not answer in ${CEILING_MS / 1000} s:\n${output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}, CEILING_MS + 10_000);

import { cp, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fingerprint, repoRoot, running, startLeadServer, adminDir } from './lead-server.js';

/*
 * The journeys' server starts on the demo data, which its first start migrates and seeds: about
 * 20 s of one core, while the journeys wait. `.ci/run` makes that data ahead, while the registry
 * round trip mostly waits on the network (`npm run e2e:demo -w @lead/admin`), and the journeys'
 * global setup starts the server on a copy of it. The copy is used only when it was made from
 * the server's sources as they are now, and recently: the demo's dates follow the day it was
 * seeded. Otherwise the server seeds its own, as before.
 */
const cacheDir = join(adminDir, 'node_modules/.cache/lead-e2e-demo');
/** How old made-ahead demo data may be, within the same day of the demo's time zone: its "today" is the day it was seeded. */
const FRESH_MS = 60 * 60_000;
const timeZone = () => process.env.TZ || 'Asia/Ho_Chi_Minh';
const dayOf = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: timeZone() }).format(ms);

/**
 * What the demo data is made from: the server's code, its migrations and the contract it uses,
 * and the settings of the environment that reach the seed.
 */
const inputs = () =>
  [
    fingerprint([
      join(repoRoot, 'packages/server/src'),
      join(repoRoot, 'packages/server/migrations'),
      join(repoRoot, 'packages/server/package.json'),
      join(repoRoot, 'packages/contract/src'),
      join(repoRoot, 'package-lock.json'),
    ]).hash,
    timeZone(),
    process.env.SCRYPT_COST ?? '',
  ].join(' ');

interface Stamp {
  inputs: string;
  madeAt: number;
}

/**
 * Starts the server on a new data directory, waits until it has seeded the demo, stops it, and
 * keeps the directory with its stamp, swapped in whole for the one before.
 */
export async function makeDemoData(): Promise<number> {
  const started = Date.now();
  const wanted = inputs();
  await mkdir(join(cacheDir, '..'), { recursive: true });
  const work = await mkdtemp(`${cacheDir}-`);
  const old = `${work}-old`;
  try {
    // No scheduler: the data stays as the seed left it until the journeys' server starts on it.
    const server = startLeadServer(work, { PORT: '0', SCHEDULER: '0', PUBLIC_URL: 'http://127.0.0.1' });
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    try {
      await running(server);
    } finally {
      server.kill('SIGTERM');
    }
    const code = await exited;
    if (code !== 0) throw new Error(`the server stopped with ${code} after seeding`);
    await writeFile(join(work, 'stamp.json'), JSON.stringify({ inputs: wanted, madeAt: started } satisfies Stamp));
    await rename(cacheDir, old).catch(() => undefined);
    await rename(work, cacheDir);
  } finally {
    await rm(work, { recursive: true, force: true });
    await rm(old, { recursive: true, force: true });
  }
  return Date.now() - started;
}

/**
 * Copies made-ahead demo data into `dataDir` (where the server looks for its PGlite files) if
 * there is one from these sources, made in the last hour of the same day. Says how old it is, or null if none.
 */
export async function useDemoData(dataDir: string): Promise<number | null> {
  const stamp = await readFile(join(cacheDir, 'stamp.json'), 'utf8').then(
    (text) => JSON.parse(text) as Stamp,
    () => null,
  );
  if (!stamp || stamp.inputs !== inputs()) return null;
  const age = Date.now() - stamp.madeAt;
  if (age < 0 || age > FRESH_MS || dayOf(stamp.madeAt) !== dayOf(Date.now())) return null;
  await cp(join(cacheDir, 'pglite'), join(dataDir, 'pglite'), { recursive: true });
  return age;
}

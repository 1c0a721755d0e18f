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
const stampFile = join(cacheDir, 'stamp.json');
/** How old made-ahead demo data may be: the demo's "today" is the day it was seeded. */
const FRESH_MS = 60 * 60_000;

/** What the demo data is made from: the server's code (its migrations and seed) and the contract it uses. */
const inputs = () =>
  fingerprint([
    join(repoRoot, 'packages/server/src'),
    join(repoRoot, 'packages/server/package.json'),
    join(repoRoot, 'packages/contract/src'),
    join(repoRoot, 'package-lock.json'),
  ]).hash;

interface Stamp {
  inputs: string;
  madeAt: number;
}

/** Starts the server on a new data directory, waits until it has seeded the demo, stops it, and keeps the directory. */
export async function makeDemoData(): Promise<number> {
  const started = Date.now();
  const wanted = inputs();
  await mkdir(join(cacheDir, '..'), { recursive: true });
  const work = await mkdtemp(`${cacheDir}-`);
  try {
    // No scheduler: the data stays as the seed left it until the journeys' server starts on it.
    const server = startLeadServer(work, { PORT: '0', SCHEDULER: '0', PUBLIC_URL: 'http://127.0.0.1' });
    await running(server);
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    const code = await exited;
    if (code !== 0) throw new Error(`the server stopped with ${code} after seeding`);
    await rm(cacheDir, { recursive: true, force: true });
    await mkdir(cacheDir);
    await rename(join(work, 'pglite'), join(cacheDir, 'pglite'));
    await writeFile(stampFile, JSON.stringify({ inputs: wanted, madeAt: started } satisfies Stamp));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return Date.now() - started;
}

/**
 * Copies made-ahead demo data into `dataDir` (where the server looks for its PGlite files) if
 * there is one from these sources, made in the last hour. Says how old it is, or null if none.
 */
export async function useDemoData(dataDir: string): Promise<number | null> {
  const stamp = await readFile(stampFile, 'utf8').then(
    (text) => JSON.parse(text) as Stamp,
    () => null,
  );
  if (!stamp || stamp.inputs !== inputs()) return null;
  const age = Date.now() - stamp.madeAt;
  if (age < 0 || age > FRESH_MS) return null;
  await cp(join(cacheDir, 'pglite'), join(dataDir, 'pglite'), { recursive: true });
  return age;
}

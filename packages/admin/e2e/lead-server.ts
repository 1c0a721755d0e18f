import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, relative } from 'node:path';
import { leadServerArgs } from '@lead/testing/server';

/*
 * The journeys' Lead server as a process of its own, started as `npm start` starts it, and what
 * decides whether something made earlier (a build, the demo data) can be used as it is.
 */
export const adminDir = join(import.meta.dirname, '..');
export const repoRoot = join(adminDir, '..', '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Every file under `paths` (files or folders), by path and content (what a build or the seed
 * reads), and the newest of their modification times.
 */
export function fingerprint(paths: string[]): { hash: string; newest: number } {
  const hash = createHash('sha256');
  let newest = 0;
  const visit = (path: string) => {
    if (!existsSync(path)) return hash.update(`missing ${relative(repoRoot, path)}\n`);
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path).sort())
        if (entry !== 'node_modules' && entry !== 'dist') visit(join(path, entry));
      return;
    }
    newest = Math.max(newest, stat.mtimeMs);
    hash.update(`${relative(repoRoot, path)}\n`).update(readFileSync(path));
  };
  for (const path of paths) visit(path);
  return { hash: hash.digest('hex'), newest };
}

/**
 * Starts the server (its build, or its sources before a build: `leadServerArgs`) on PGlite in `dataDir` with the demo data (seeded at its
 * first start, as `npm start` on a new DATA_DIR does), in production mode. `env` adds to or
 * overrides that. Its output goes to the returned process's pipes.
 */
export function startLeadServer(dataDir: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, leadServerArgs(), {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      APP_ENV: 'production',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      DEMO: '1',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * Resolves when the server says it is running (after migrating and seeding), on its standard
 * output; rejects with its output if it exits first, or if `ceilingMs` pass.
 */
export function running(server: ChildProcess, ceilingMs = 300_000): Promise<void> {
  let stdout = '';
  let output = '';
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      server.stdout!.off('data', read);
      server.stderr!.off('data', collect);
      server.off('exit', exited);
    };
    const collect = (chunk: Buffer) => void (output += chunk.toString());
    const read = (chunk: Buffer) => {
      collect(chunk);
      stdout += chunk.toString();
      if (!stdout.includes('Lead is running at')) return;
      done();
      resolve();
    };
    const exited = (code: number | null, signal: string | null) => {
      done();
      reject(new Error(`the server exited with ${code ?? signal}:\n${output}`));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`the server did not say it was running in ${ceilingMs / 1000} s:\n${output}`));
    }, ceilingMs);
    server.stdout!.on('data', read);
    server.stderr!.on('data', collect);
    server.once('exit', exited);
  });
}

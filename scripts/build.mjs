#!/usr/bin/env node
/**
 * `npm run build`: each workspace's own `build`, two at a time, each as soon as the workspaces it
 * depends on (its @lead/* dependencies) are built. On two cores the component library's type
 * bundle (@lead/headless, most of the build's time) no longer holds up the packages that do not
 * need it. A workspace's output is printed whole when it ends, so two builds never interleave.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const workspaces = rootPackage.workspaces.map((dir) => {
  const pkg = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
  const deps = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies });
  return { name: pkg.name, build: Boolean(pkg.scripts?.build), deps };
});
const names = new Set(workspaces.map((w) => w.name));
for (const w of workspaces) w.deps = w.deps.filter((d) => names.has(d));

const slots = Math.max(1, Math.min(2, availableParallelism()));
const done = new Set();
const started = new Set();
let running = 0;
let failed = false;
const began = Date.now();

function run(w) {
  started.add(w.name);
  running += 1;
  const child = spawn('npm', ['run', 'build', '--workspace', w.name], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const at = Date.now();
  child.on('close', (code) => {
    running -= 1;
    finish(w, code ?? 1, `${output.trimEnd()}\n(${w.name}: ${((Date.now() - at) / 1000).toFixed(1)} s)\n`);
  });
}

function finish(w, code, output) {
  if (output) process.stdout.write(`\n${output}`);
  if (code !== 0) {
    failed = true;
    console.error(`build failed: ${w.name}`);
    process.exitCode = code;
    return;
  }
  done.add(w.name);
  next();
}

const ready = (w) => !started.has(w.name) && w.deps.every((d) => done.has(d));

function next() {
  if (failed) return;
  // A workspace without a build is done as soon as what it depends on is.
  for (let w = workspaces.find((x) => !x.build && ready(x)); w; w = workspaces.find((x) => !x.build && ready(x))) {
    started.add(w.name);
    done.add(w.name);
  }
  for (const w of workspaces) if (running < slots && w.build && ready(w)) run(w);
  if (done.size === workspaces.length)
    console.log(
      `\nbuilt ${workspaces.filter((w) => w.build).length} workspaces in ${((Date.now() - began) / 1000).toFixed(1)} s`,
    );
  else if (running === 0) {
    // Nothing runs and nothing can start: the workspaces left depend on each other.
    console.error(
      `build failed: no order for ${workspaces
        .filter((w) => !done.has(w.name))
        .map((w) => w.name)
        .join(', ')}`,
    );
    process.exitCode = 1;
  }
}

next();

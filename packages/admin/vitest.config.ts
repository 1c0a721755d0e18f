import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { bodyKeysPlugin } from './build/body-keys.js';

/** A shuffle that the same seed repeats (mulberry32, then Fisher–Yates). */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * The browser journeys run in a random order, their files here and the tests of each file in
 * e2e/random-order.ts, so that none can lean on another's leftovers. The order comes from the
 * run's seed, printed at the start; `--sequence.seed=<seed>` replays it. Other projects keep
 * vitest's own order (vitest's `sequence.shuffle` would apply to every project: it is global).
 */
class JourneysInRandomOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isJourney = (f: TestSpecification) => f.project.name === 'e2e';
    if (!sorted.some(isJourney)) return sorted;
    const seed = this.ctx.config.sequence.seed;
    console.warn(
      `Browser journeys in random order, seed ${seed} (replay: npx vitest run --project e2e --sequence.seed=${seed})`,
    );
    // From the files in path order, not vitest's (which follows the last run's durations): one seed, one order.
    const journeys = shuffled(
      sorted.filter(isJourney).sort((a, b) => a.moduleId.localeCompare(b.moduleId)),
      seed,
    );
    return sorted.map((f) => (isJourney(f) ? journeys.shift()! : f));
  }
}

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin(), bodyKeysPlugin()],
  test: {
    sequence: { sequencer: JourneysInRandomOrder, seed: Date.now() % 1_000_000 },
    projects: [
      {
        extends: true,
        // The workspace's packages from their sources, as the typecheck reads them: the unit tests
        // need no build first (\`npm run test:quick\` on a fresh clone), and see a change at once.
        resolve: { conditions: ['@lead/source', ...defaultClientConditions] },
        test: {
          name: 'unit',
          environment: 'jsdom',
          // One jsdom and one module graph per worker, not per file (#27): less than half the CPU.
          // What a file leaves in the shared state is cleared when it ends (src/unit-setup.ts).
          // The journeys keep a worker per file (each file's browser and sessions are its own).
          isolate: false,
          setupFiles: ['src/unit-setup.ts'],
          include: ['src/**/*.test.{ts,tsx}'],
          // A ceiling, not a wait (a test ends when its last condition holds), for a loaded machine.
          testTimeout: 30_000,
        },
      },
      {
        // Browser journeys: the built admin in Debian's Chromium against the real server. Each
        // makes the data it reads (e2e/fixtures.ts), so any order passes.
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          setupFiles: ['e2e/server-ready.ts', 'e2e/random-order.ts'],
          // Two journey files at once, a Chromium each: on two cores the run took about 4 minutes
          // instead of about 7 one file at a time (#27), and the journeys, each with its own data,
          // pass alike.
          fileParallelism: true,
          maxWorkers: 2,
          // After the unit project (group 0): vitest runs projects with different workers in groups.
          sequence: { groupOrder: 1 },
          // Ceilings, not wait times: every wait returns as soon as its condition holds, and a
          // loaded machine must not fail one.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          expect: { poll: { timeout: 30_000 } },
        },
      },
    ],
  },
});

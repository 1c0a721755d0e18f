import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { run, sequence } from './run.js';

/*
 * A model-based test of the builder (#29): fast-check generates what staff do (choose a layout,
 * add, remove and move blocks, edit keys, labels and links, switch Main / Thank you, set devices,
 * targets, trigger, timeframe, hours, numbers and sponsors, save) and runs it against the store's
 * own actions and wire functions, no browser. After every save it checks:
 * - no save while a field shows an error, and a refused save goes to a step that says why;
 * - nothing the product never saves is saved (independent checks: model/server.ts), every URL safe;
 * - the layout's device rules: desktop-only layouts save Desktop alone, the others what was chosen;
 * - the campaign read back and opened again shows what was on screen, and saves the same payload.
 * The seed is printed; BUILDER_MODEL_SEED=<seed> replays a run.
 */

const SEED = Number(process.env.BUILDER_MODEL_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RUNS = Number(process.env.BUILDER_MODEL_RUNS ?? 300);

describe('the builder, model-based', () => {
  it(`keeps its rules over ${RUNS} generated sequences of what staff do (seed ${SEED})`, () => {
    console.warn(`builder model: seed ${SEED}, ${RUNS} runs (replay: BUILDER_MODEL_SEED=${SEED})`);
    let saves = 0;
    let refusals = 0;
    fc.assert(
      fc.property(sequence, (actions) => {
        const r = run(actions);
        saves += r.saves;
        refusals += r.refusals;
      }),
      { numRuns: RUNS, seed: SEED },
    );
    // The runs must reach both sides of the rule, or they prove little.
    console.warn(`builder model: ${saves} saves, ${refusals} refused`);
    expect(saves).toBeGreaterThan(RUNS / 2);
    expect(refusals).toBeGreaterThan(RUNS / 4);
  });
});

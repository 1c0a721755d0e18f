import { TestRunner } from 'vitest';

/*
 * Each journey file's tests (and its describe blocks) run in a random order, from the run's seed
 * (vitest.config.ts shuffles the files with the same seed): a test that needed another to run
 * first fails. vitest's own `sequence.shuffle` is global, and the admin's unit tests keep their
 * order; this setup file runs before each journey file is collected.
 */
const file = TestRunner.getCurrentSuite();
file.file.shuffle = true;
file.options = { ...file.options, shuffle: true };

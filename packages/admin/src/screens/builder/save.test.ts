import { describe, expect, it } from 'vitest';
import { savedNote } from './save.js';

/*
 * A save in edit mode is confirmed with the spec's toast, 'Campaign has been updated!', and a
 * second line naming the campaign: the list it returns to may not show it. The toast itself is
 * checked in the browser (e2e/builder-saves.test.ts); here, the line's words.
 */
describe('the saved toast’s second line', () => {
  it('names the campaign by its name, trimmed, in quotes', () => {
    expect(savedNote('Heart week')).toBe('“Heart week” is saved.');
    expect(savedNote('  Heart week ')).toBe('“Heart week” is saved.');
  });
});

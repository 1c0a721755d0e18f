import { render } from '@testing-library/react';
import { describe, it } from 'vitest';
import { FIXTURES } from './fixtures.js';
import { TRANSCRIPTS } from './transcripts.js';
import { walk } from './walk.js';

/** Pages read with the reading cursor from the top: the walk starts inside the page's <main>. */
const READ_IN_MAIN = new Set(['LoadingOverlay', 'Timeline']);

describe('what a screen reader says', () => {
  it.each(Object.keys(TRANSCRIPTS))('%s', async (name) => {
    const { container } = render(<main>{FIXTURES[name]!()}</main>);
    await walk(TRANSCRIPTS[name]!, READ_IN_MAIN.has(name) ? { container } : {});
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pagePath, readSection } from '../docs/sections.js';
import { transcriptSections } from './docs.js';

describe('the transcripts on the docs pages', () => {
  it.each([...transcriptSections()])(
    'docs/components/%s.md shows them as they are (npm run docs:components writes them)',
    (page, section) => {
      expect(readSection(readFileSync(pagePath(page), 'utf8'), 'transcripts')).toBe(section);
    },
  );
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { currentSection, DOCS_DIR, transcriptSections } from './docs.js';

describe('the transcripts on the docs pages', () => {
  it.each([...transcriptSections()])('docs/components/%s.md shows them as they are (npm run docs:transcripts writes them)', (page, section) => {
    expect(currentSection(readFileSync(`${DOCS_DIR}${page}.md`, 'utf8'))).toBe(section);
  });
});

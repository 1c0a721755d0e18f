import { join } from 'node:path';
import { TRANSCRIPTS } from './transcripts.js';
import { transcriptTable } from './walk.js';

/** Where the transcripts go: docs/components/{page}.md, between these markers. */
export const DOCS_DIR = join(import.meta.dirname, '../../../../docs/components/');
const START = '<!-- transcripts -->';
const END = '<!-- /transcripts -->';

/** Every page's transcripts section, by page. */
export function transcriptSections(): Map<string, string> {
  const byPage = new Map<string, string[]>();
  for (const t of Object.values(TRANSCRIPTS)) byPage.set(t.page, [...(byPage.get(t.page) ?? []), transcriptTable(t)]);
  return new Map(
    [...byPage].map(([page, tables]) => [
      page,
      [
        'Walked by `test/screen-reader/transcripts.test.tsx` with @guidepup/virtual-screen-reader over the real component; the test fails on any other phrase.',
        '',
        ...tables.flatMap((t) => [t, '']),
      ]
        .join('\n')
        .trim(),
    ]),
  );
}

export const currentSection = (doc: string): string | null => {
  const a = doc.indexOf(START);
  const b = doc.indexOf(END);
  return a === -1 || b === -1 ? null : doc.slice(a + START.length, b).trim();
};

/** The page with its section replaced, or added at the end under its own heading. */
export const withSection = (doc: string, section: string): string => {
  const a = doc.indexOf(START);
  const b = doc.indexOf(END);
  if (a === -1 || b === -1) return `${doc.trimEnd()}\n\n## What a screen reader says\n\n${START}\n${section}\n${END}\n`;
  return `${doc.slice(0, a + START.length)}\n${section}\n${doc.slice(b)}`;
};

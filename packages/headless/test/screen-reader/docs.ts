import { TRANSCRIPTS } from './transcripts.js';
import { transcriptTable } from './walk.js';

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

// Writes the generated parts of each component's docs page, docs/components/{page}.md: the props
// tables (from the TypeScript types, test/docs/props.ts) and the screen-reader transcripts
// (test/screen-reader/transcripts.ts), each between its markers. test/docs/props.test.ts and
// test/screen-reader/docs.test.ts fail when a page and its source disagree.
import { readFileSync, writeFileSync } from 'node:fs';
import { propsSections } from '../test/docs/props.js';
import { pagePath, writeSection } from '../test/docs/sections.js';
import { transcriptSections } from '../test/screen-reader/docs.js';

for (const [page, section] of transcriptSections()) {
  const file = pagePath(page);
  writeFileSync(file, writeSection(readFileSync(file, 'utf8'), 'transcripts', section, 'What a screen reader says'));
}
for (const [page, section] of propsSections()) {
  const file = pagePath(page);
  writeFileSync(file, writeSection(readFileSync(file, 'utf8'), 'props', section, 'Props reference', 'transcripts'));
}
console.log('Wrote the props tables and the screen-reader transcripts into docs/components/.');

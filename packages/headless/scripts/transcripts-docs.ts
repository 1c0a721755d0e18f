// Writes each component's screen-reader transcripts (test/screen-reader/transcripts.ts) into its
// docs page, docs/components/{page}.md, between its transcripts markers
// (test/screen-reader/docs.test.ts fails when a page and the transcripts disagree).
import { readFileSync, writeFileSync } from 'node:fs';
import { DOCS_DIR, transcriptSections, withSection } from '../test/screen-reader/docs.js';

for (const [page, section] of transcriptSections()) {
  const file = `${DOCS_DIR}${page}.md`;
  writeFileSync(file, withSection(readFileSync(file, 'utf8'), section));
  console.log(`Wrote the transcripts into ${file}.`);
}

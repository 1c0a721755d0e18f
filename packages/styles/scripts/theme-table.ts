// Writes the table of the theme's custom properties into docs/components/Theme.md, between its
// theme-table markers (test/theme.test.ts fails when the page and the themes disagree).
import { readFileSync, writeFileSync } from 'node:fs';
import { themeTable, THEME_DOC, replaceTable } from '../test/theme-table.js';

writeFileSync(THEME_DOC, replaceTable(readFileSync(THEME_DOC, 'utf8'), themeTable()));
console.log(`Wrote the theme table into ${THEME_DOC}.`);

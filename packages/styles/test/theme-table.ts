import { themeProperties } from '../src/names.js';
import { THEME_VALUES } from '../src/palette.js';

export const THEME_DOC = new URL('../../../docs/components/Theme.md', import.meta.url).pathname;
const START = '<!-- theme-table -->';
const END = '<!-- /theme-table -->';

/** The markdown table of every custom property with its light and dark values. */
export function themeTable(): string {
  const dark = new Map(themeProperties(THEME_VALUES.dark));
  const rows = themeProperties(THEME_VALUES.light).map(
    ([name, value]) => `| \`${name}\` | \`${value}\` | \`${dark.get(name)}\` |`,
  );
  return ['| custom property | light | dark |', '|---|---|---|', ...rows].join('\n');
}

export const currentTable = (doc: string): string | null => {
  const a = doc.indexOf(START);
  const b = doc.indexOf(END);
  return a === -1 || b === -1 ? null : doc.slice(a + START.length, b).trim();
};
export const replaceTable = (doc: string, table: string): string => {
  const a = doc.indexOf(START);
  const b = doc.indexOf(END);
  return `${doc.slice(0, a + START.length)}\n${table}\n${doc.slice(b)}`;
};

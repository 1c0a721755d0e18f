import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { propertyName, themeProperties } from '../src/names.js';
import { THEME_VALUES } from '../src/palette.js';
import { currentTable, THEME_DOC, themeTable } from './theme-table.js';

describe('the theme as CSS custom properties', () => {
  it('names each variable --lead-{group}-{name} in kebab case', () => {
    expect(propertyName(['color', 'primaryHover'])).toBe('lead-color-primary-hover');
    expect(propertyName(['fontSize', 'sm'])).toBe('lead-font-size-sm');
    expect(themeProperties(THEME_VALUES.light)).toContainEqual([
      '--lead-color-primary',
      THEME_VALUES.light.color.primary,
    ]);
  });

  it('has the same properties in both themes', () => {
    expect(themeProperties(THEME_VALUES.dark).map(([n]) => n)).toEqual(
      themeProperties(THEME_VALUES.light).map(([n]) => n),
    );
  });

  it('is listed in docs/components/Theme.md as it is (npm run docs:theme writes the table)', () => {
    expect(currentTable(readFileSync(THEME_DOC, 'utf8'))).toBe(themeTable());
  });
});

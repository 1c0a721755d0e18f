import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cssOf } from './build-css.js';

/** Each rule of a stylesheet (at-rules with their block), for comparing sheets as sets of rules. */
const rules = (css: string) =>
  [...css.matchAll(/@[^{]+\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}|[^{}@]+\{[^{}]*\}/g)].map((m) => m[0]);

const PARTS = readdirSync(join(import.meta.dirname, '../src/components')).filter((f) => f.endsWith('.css.ts'));

describe('a stylesheet per component (@lead/styles/css/{part}.css)', () => {
  it('holds, with theme.css, exactly the rules of the whole theme (styles.css): none lost, none added', async () => {
    const whole = rules(await cssOf('src/index.ts'));
    const sheets = await Promise.all([cssOf('src/themes.css.ts'), ...PARTS.map((f) => cssOf(`src/components/${f}`))]);
    expect(PARTS.length).toBeGreaterThanOrEqual(15);
    expect(whole.length).toBeGreaterThan(100);
    for (const sheet of sheets) expect(sheet.length).toBeGreaterThan(0);
    expect(sheets.flatMap(rules).sort()).toEqual([...whole].sort());
  }, 60_000);

  it('gives the button its rules in button.css and nothing of other components', async () => {
    const button = await cssOf('src/components/button.css.ts');
    expect(button).toContain('[data-button]');
    expect(button).not.toMatch(/data-(step|tab|table|toast|dialog|field)\b/);
  });
});

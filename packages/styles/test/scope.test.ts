import { describe, expect, it } from 'vitest';
import { scoped } from '../src/components/scope.js';
import { cssOf } from './build-css.js';

const W = ':where([data-lead], [data-lead] *)';

describe('scoped', () => {
  it('limits each selector of a list to what is inside a data-lead mark, before any pseudo-element', () => {
    expect(scoped('.react-aria-Button, [data-button][data-hovered]')).toBe(
      `.react-aria-Button${W}, [data-button][data-hovered]${W}`,
    );
    expect(scoped('[data-timeline-item]::before')).toBe(`[data-timeline-item]${W}::before`);
    expect(scoped('[data-field] > .react-aria-Label::after')).toBe(`[data-field] > .react-aria-Label${W}::after`);
    expect(scoped('.a:not(.b, .c), .d')).toBe(`.a:not(.b, .c)${W}, .d${W}`);
  });
});

describe('the built theme', () => {
  it('has no rule for anything outside our components: no bare react-aria class or data attribute, no bare *', async () => {
    const css = await cssOf('src/index.ts', { minify: false });
    // Every selector of every rule (inside @media too), split at its top-level commas.
    const selectors = [...css.matchAll(/([^{}@;]+)\{[^{}]*\}/g)].flatMap((m) =>
      m[1]!.split(/,(?![^(]*\))/).map((x) => x.trim()),
    );
    expect(selectors.length).toBeGreaterThan(100);
    const unscoped = selectors.filter(
      (sel) => (/\.react-aria-|\[data-|^\*/.test(sel) || sel === '*') && !sel.includes(W.replace(/ \[/g, ' [')),
    );
    expect(unscoped).toEqual([]);
  });
});

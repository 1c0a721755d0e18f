import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { componentsWithProps, PAGES, propsSections } from './props.js';
import { pagePath, readSection } from './sections.js';

describe('the props tables on the docs pages', () => {
  const sections = [...propsSections()];
  it.each(sections)(
    'docs/components/%s.md lists the props as the types declare them (npm run docs:components writes them)',
    (page, section) => {
      expect(readSection(readFileSync(pagePath(page), 'utf8'), 'props')).toBe(section);
    },
  );

  it('documents every exported component with a props type: a new one without a page fails here', () => {
    expect(Object.values(PAGES).flat().sort()).toEqual(componentsWithProps());
  });

  it.each(Object.keys(PAGES))(
    'docs/components/%s.md has one complete example (built by CI), says what the component does not do and has a keyboard table',
    (page) => {
      const doc = readFileSync(pagePath(page), 'utf8');
      const examples = [...doc.matchAll(/```tsx example\n([\s\S]*?)\n```/g)].map((m) => m[1]!);
      expect(examples).toHaveLength(1);
      expect(examples[0]).toMatch(/^import .* from '@lead\/headless\/\w+';$/m);
      expect(examples[0]).toContain('export function Example(');
      expect(doc).toContain('## What it does not do');
      expect(doc).toContain('## Keyboard and screen readers\n\n| key | what it does |');
    },
  );
});

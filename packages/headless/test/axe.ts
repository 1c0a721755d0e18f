import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * Runs axe-core on `node` and fails with the violations listed. Two rules belong to whole
 * pages rather than components, and are checked by the browser scans of real pages: colour
 * contrast (needs real layout and a theme) and `region` (all content inside landmarks).
 */
export async function expectNoAxeViolations(node: Element = document.body): Promise<void> {
  const result = await axe.run(node, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  const summary = result.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}

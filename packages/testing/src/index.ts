import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

export * from './chromium.js';

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core in the page (every WCAG 2.1 A and AA rule, colour contrast included) and returns
 * the violations of at least `minImpact`, each with the elements it found.
 */
export async function axeScan(
  page: Page,
  {
    minImpact = 'minor',
    include,
  }: { minImpact?: 'minor' | 'moderate' | 'serious' | 'critical'; include?: string } = {},
): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axeSource });
  const order = ['minor', 'moderate', 'serious', 'critical'];
  const violations = await page.evaluate(async (context) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            c: unknown,
            o: unknown,
          ) => Promise<{
            violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }>;
          }>;
        };
      }
    ).axe;
    // Colour contrast is read from what is painted: let entrance animations (a dialog fading in) end first.
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.race([
      Promise.all(finite.map((a) => a.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]);
    const result = await axe.run(context ?? document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  }, include ?? null);
  return violations.filter((v) => order.indexOf(v.impact ?? 'minor') >= order.indexOf(minImpact));
}

/** One line per violation, for an assertion message that says what to fix. */
export const describeViolations = (violations: AxeViolation[]): string[] =>
  violations.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.targets.slice(0, 3).join(', ')})`);

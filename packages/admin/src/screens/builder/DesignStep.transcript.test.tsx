import { virtual } from '@guidepup/virtual-screen-reader';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onDesignStep } from './design-step.testing.js';
import { DesignStep } from './DesignStep.js';

/*
 * Selecting and editing a block as a screen-reader user does it, with @guidepup/virtual-screen-reader
 * over the Design step: the block list is their way to the selection the canvas shows, and the
 * selected block's fields come before the list. The transcript is docs/builder.md's, word for word.
 */

/** What is pressed, and what is said after it. */
const STEPS: ReadonlyArray<{ keys: string; hear: readonly string[] }> = [
  { keys: 'ArrowDown', hear: ['row, Email: Email, not selected'] },
  { keys: 'ArrowUp', hear: ['row, Title: Check your heart, not selected'] },
  { keys: 'Space', hear: ['assertive: Title: Check your heart selected.', 'row, Title: Check your heart, selected'] },
  { keys: 'Shift+Tab', hear: ['grid, Form blocks', 'button, Hide blocks, expanded'] },
  { keys: 'Shift+Tab', hear: ['radio, Center, checked, position 2, set size 3'] },
  { keys: 'Shift+Tab', hear: ['textbox, Text, Check your heart'] },
];

const table = (): string =>
  [
    '| you press | the screen reader says |',
    '|---|---|',
    ...STEPS.map((s) => `| ${s.keys} | ${s.hear.map((h) => `“${h}”`).join('<br>')} |`),
  ].join('\n');

beforeEach(() => {
  onDesignStep();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Design step with a screen reader', () => {
  it("from the block list's first row: selects a block, hears it selected, and reaches its fields", async () => {
    render(<DesignStep />);
    // On the block list's first row (a screen reader's grid or Tab navigation brings them there).
    within(screen.getByRole('grid', { name: 'Form blocks' }))
      .getByRole('row', { name: 'Title: Check your heart' })
      .focus();
    await virtual.start({ container: document.body });
    try {
      for (const [i, step] of STEPS.entries()) {
        await virtual.clearSpokenPhraseLog();
        await virtual.press(step.keys.replace('Space', ' '));
        await vi.waitFor(
          async () =>
            expect(
              await virtual.spokenPhraseLog(),
              `step ${i + 1}: ${JSON.stringify(await virtual.spokenPhraseLog())}`,
            ).toEqual(step.hear),
          {
            timeout: 10_000,
            interval: 5,
          },
        );
      }
    } finally {
      await virtual.stop();
    }
    // Selected in the list: outlined in the canvas.
    const canvas = document.querySelector('[data-popup-preview]')!.shadowRoot!;
    expect(canvas.querySelector<HTMLElement>('[data-index="0"]')!.style.outline).toContain('dashed');
    // Tab selected the field's text: what is typed is the canvas's new title.
    const field = screen.getByRole('textbox', { name: 'Text' });
    expect(document.activeElement).toBe(field);
    await userEvent.keyboard('Beat stress');
    await vi.waitFor(() => expect(canvas.querySelector('.title')!.textContent).toBe('Beat stress'));
    // A ceiling, not a wait: the virtual screen reader walks the whole step at each key (about 10 s
    // on an idle machine, several times that beside CI's other suites).
  }, 120_000);

  it('is the transcript docs/builder.md shows', () => {
    const doc = readFileSync(join(import.meta.dirname, '..', '..', '..', '..', '..', 'docs', 'builder.md'), 'utf8');
    expect(doc).toContain(table());
  });
});

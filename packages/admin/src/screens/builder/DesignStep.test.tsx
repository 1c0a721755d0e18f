import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectBlock, updateBlock, placeBlocks } from './design.actions.js';
import { onDesignStep } from './design-step.testing.js';
import { DesignStep, LIST_SETTLES_MS } from './DesignStep.js';
import { builder } from './state.js';

/*
 * What a keystroke redraws: the field and the canvas at once, the block list's row once typing
 * pauses (LIST_SETTLES_MS); a block added or removed reaches the list at once.
 */

beforeEach(() => {
  vi.useFakeTimers();
  onDesignStep();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const list = () => within(screen.getByRole('grid', { name: 'Form blocks' }));
const canvasTitle = () =>
  document.querySelector('[data-popup-preview]')!.shadowRoot!.querySelector('.title')!.textContent;

describe('the Design step as someone types', () => {
  it("shows each key in the field and the canvas at once, and in the block's row once typing pauses", async () => {
    render(<DesignStep />);
    await act(async () => selectBlock('t'));
    for (const text of ['Check your h', 'Check your he', 'Check your hea']) {
      await act(async () => updateBlock({ placeholder: text }));
      await act(async () => vi.advanceTimersByTime(LIST_SETTLES_MS - 50));
      expect(screen.getByRole('textbox', { name: 'Text' })).toHaveProperty('value', text);
      expect(canvasTitle()).toBe(text);
      expect(list().getAllByRole('row')[0]!.getAttribute('aria-label'), text).toBe('Title: Check your heart');
    }
    await act(async () => vi.advanceTimersByTime(50));
    expect(list().getByRole('row', { name: 'Title: Check your hea' })).toBeTruthy();
  });

  it('shows a block added or removed in the list at once, whatever is being typed', async () => {
    render(<DesignStep />);
    await act(async () => selectBlock('t'));
    await act(async () => updateBlock({ placeholder: 'Check your lungs' }));
    const rows = builder.forms.map((b) => ({ id: String(b.id), type: b.name, label: '' }));
    await act(async () => placeBlocks(rows.filter((r) => r.id !== 'e')));
    expect(list().queryAllByRole('row')).toHaveLength(2);
    expect(list().queryByRole('row', { name: /^Email/ })).toBeNull();
  });
});

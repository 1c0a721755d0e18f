import { LAYOUTS } from '@lead/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as DesignActions from './design.actions.js';
import { chooseLayout } from './design.actions.js';
import { limitsText, LAYOUT_PURPOSES } from './layout-guide.js';
import { LAYOUT_NAMES } from './samples.js';
import { startCreate } from './save.js';
import { builder } from './state.js';
import { TemplateStep } from './TemplateStep.js';

// The real chooseLayout, counted: choosing is one call, and moving the focus none.
vi.mock('./design.actions.js', async (importOriginal) => {
  const actual = await importOriginal<typeof DesignActions>();
  return { ...actual, chooseLayout: vi.fn(actual.chooseLayout) };
});

beforeEach(() => {
  startCreate(new URLSearchParams({ campaignName: 'Heart', siteID: '1', siteURL: 'bacsi-online.vn', clientID: '4' }));
  builder.step = 'template';
  vi.mocked(chooseLayout).mockClear();
});
afterEach(cleanup);

const group = () => screen.getByRole('grid', { name: 'Layout' });
const option = (name: string) => screen.getByRole('row', { name });
const card = (layout: (typeof LAYOUTS)[number]) =>
  document.querySelector<HTMLElement>(`[data-layout-card="${layout}"]`)!;

describe('the Template step', () => {
  it('is one grid list of the twelve layouts, each named exactly, described by its purpose and its limits', () => {
    render(<TemplateStep />);
    const radios = within(group()).getAllByRole('row');
    expect(radios.map((r) => r.getAttribute('aria-label'))).toEqual(LAYOUTS.map((l) => LAYOUT_NAMES[l]));
    for (const layout of LAYOUTS) {
      const radio = option(LAYOUT_NAMES[layout]);
      const description = radio
        .getAttribute('aria-describedby')!
        .split(' ')
        .map((id) => document.getElementById(id)!.textContent)
        .join(' ');
      expect(description).toBe(`${LAYOUT_PURPOSES[layout]} ${limitsText(layout)}`);
      expect(radio.getAttribute('aria-selected')).toBe('false');
    }
    expect(group().getAttribute('data-layout')).toBe('grid');
    expect(card('LightBoxA').textContent).toContain('a link button only, no form fields');
    expect(screen.getByRole('status').textContent).toBe('Choose a layout for the pop-up.');
  });

  it('draws each layout with the pop-up renderer, as a picture: hidden from assistive technology and inert', () => {
    render(<TemplateStep />);
    for (const layout of LAYOUTS) {
      const stage = card(layout).querySelector<HTMLElement>('[data-layout-stage]')!;
      expect(stage.getAttribute('aria-hidden')).toBe('true');
      expect(stage.hasAttribute('inert')).toBe(true);
      const host = stage.firstElementChild!;
      const popup = host.shadowRoot!.querySelector('.stage[data-preview] .popup')!;
      expect(popup.getAttribute('data-layout')).toBe(layout);
      expect(popup.getAttribute('data-device')).toBe('desktop');
    }
  });

  it('chooses a layout by a click: it is selected, its card marked with a tick, and the builder goes on to TRIGGER', async () => {
    render(<TemplateStep />);
    expect(document.querySelectorAll('[data-tick]')).toHaveLength(0);
    await userEvent.click(screen.getByText('Lightbox B', { exact: true }));
    expect(builder.layout).toBe('LightBoxB');
    expect(builder.step).toBe('trigger');
    expect(chooseLayout).toHaveBeenCalledTimes(1);
    expect(option('Lightbox B').getAttribute('aria-selected')).toBe('true');
    expect(card('LightBoxB').hasAttribute('data-selected')).toBe(true);
    expect(
      [...document.querySelectorAll('[data-tick]')].map((t) =>
        t.closest('[data-layout-card]')!.getAttribute('data-layout-card'),
      ),
    ).toEqual(['LightBoxB']);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('moves the focus with the arrow keys, Home and End without choosing; Enter chooses the focused layout once', async () => {
    chooseLayout('Tab');
    builder.step = 'template';
    vi.mocked(chooseLayout).mockClear();
    render(<TemplateStep />);
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(option('Tab'));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(option('Skin A'));
    await user.keyboard('{ArrowRight}{ArrowLeft}{ArrowRight}{End}');
    expect(document.activeElement).toBe(option('Slider'));
    await user.keyboard('{Home}{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(option('Skin A'));
    expect(chooseLayout).not.toHaveBeenCalled();
    expect([builder.layout, builder.step]).toEqual(['Tab', 'template']);
    expect(card('Tab').hasAttribute('data-selected')).toBe(true);
    expect(card('SkinA').hasAttribute('data-selected')).toBe(false);
    await user.keyboard('{Enter}');
    expect(chooseLayout).toHaveBeenCalledTimes(1);
    expect(chooseLayout).toHaveBeenCalledWith('SkinA');
    expect([builder.layout, builder.step]).toEqual(['SkinA', 'trigger']);
    expect(card('SkinA').hasAttribute('data-selected')).toBe(true);
    expect(card('Tab').hasAttribute('data-selected')).toBe(false);
  });

  it('chooses with Space too; the chosen layout again, or Escape, changes nothing', async () => {
    chooseLayout('LightBoxA');
    builder.step = 'template';
    vi.mocked(chooseLayout).mockClear();
    render(<TemplateStep />);
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(option('Lightbox A'));
    await user.keyboard('{Enter}{Escape} ');
    await user.click(screen.getByText('Lightbox A', { exact: true }));
    expect(chooseLayout).not.toHaveBeenCalled();
    expect([builder.layout, builder.step]).toEqual(['LightBoxA', 'template']);
    await user.keyboard('{ArrowLeft} ');
    expect(chooseLayout).toHaveBeenCalledTimes(1);
    expect([builder.layout, builder.step]).toEqual(['CenterTab', 'trigger']);
  });
});

import { LAYOUTS } from '@lead/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chooseLayout } from './design.actions.js';
import { limitsText, LAYOUT_PURPOSES } from './layout-guide.js';
import { LAYOUT_NAMES } from './samples.js';
import { startCreate } from './save.js';
import { builder } from './state.js';
import { TemplateStep } from './TemplateStep.js';

beforeEach(() => {
  startCreate(new URLSearchParams({ campaignName: 'Heart', siteID: '1', siteURL: 'bacsi-online.vn', clientID: '4' }));
  builder.step = 'template';
});
afterEach(cleanup);

const group = () => screen.getByRole('radiogroup', { name: 'Layout' });
const card = (layout: (typeof LAYOUTS)[number]) =>
  document.querySelector<HTMLElement>(`[data-layout-card="${layout}"]`)!;

describe('the Template step', () => {
  it('is one radio group of the twelve layouts, each named exactly, described by its purpose and its limits', () => {
    render(<TemplateStep />);
    const radios = within(group()).getAllByRole('radio');
    expect(
      radios.map(
        (r) =>
          r.getAttribute('aria-labelledby') && document.getElementById(r.getAttribute('aria-labelledby')!)?.textContent,
      ),
    ).toEqual(LAYOUTS.map((l) => LAYOUT_NAMES[l]));
    for (const layout of LAYOUTS) {
      const radio = screen.getByRole('radio', { name: LAYOUT_NAMES[layout] });
      const description = radio
        .getAttribute('aria-describedby')!
        .split(' ')
        .map((id) => document.getElementById(id)!.textContent)
        .join(' ');
      expect(description).toBe(`${LAYOUT_PURPOSES[layout]} ${limitsText(layout)}`);
      expect((radio as HTMLInputElement).checked).toBe(false);
    }
    expect(screen.getByRole('radio', { name: 'Lightbox A' }).getAttribute('aria-describedby')).toBeTruthy();
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

  it('chooses a layout by a click: it is checked, its card marked with a tick, and the builder goes on to TRIGGER', async () => {
    render(<TemplateStep />);
    expect(document.querySelectorAll('[data-tick]')).toHaveLength(0);
    await userEvent.click(screen.getByText('Lightbox B', { exact: true }));
    expect(builder.layout).toBe('LightBoxB');
    expect(builder.step).toBe('trigger');
    expect((screen.getByRole('radio', { name: 'Lightbox B' }) as HTMLInputElement).checked).toBe(true);
    expect(card('LightBoxB').hasAttribute('data-selected')).toBe(true);
    expect(
      [...document.querySelectorAll('[data-tick]')].map((t) =>
        t.closest('[data-layout-card]')!.getAttribute('data-layout-card'),
      ),
    ).toEqual(['LightBoxB']);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('moves and chooses with the arrow keys, as a radio group does, from the layout chosen', async () => {
    chooseLayout('Tab');
    builder.step = 'template';
    render(<TemplateStep />);
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Tab' }));
    await user.keyboard('{ArrowRight}');
    expect(builder.layout).toBe('SkinA');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Skin A' }));
    expect(card('SkinA').hasAttribute('data-selected')).toBe(true);
    expect(card('Tab').hasAttribute('data-selected')).toBe(false);
  });
});

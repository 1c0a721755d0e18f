import { LAYOUT_DISPLAY_TYPE, LAYOUTS, type FormBlock, type Layout } from '@lead/contract';
import { describe, expect, it } from 'vitest';
import { liveCampaign, loaderReady, popupOf, usePartnerBrowser, visit, visitor } from './partner.js';

/* Each layout's place, size and semantics: layouts-placed.test.ts; its looks: layouts-screenshots.test.ts. */

usePartnerBrowser();

const FORM: FormBlock[] = [
  { name: 'Title', id: 't', data: { placeholder: 'Free heart check', align: 'center' } },
  { name: 'Text', id: 'a', data: { value: 'name', placeholder: 'Full name', required: true } },
  { name: 'Email', id: 'b', data: { value: 'email', placeholder: 'Email', required: true } },
  { name: 'Submit', id: 's', data: { placeholder: 'Send' } },
];
const LINK_ONLY: FormBlock[] = [
  { name: 'Title', id: 't', data: { placeholder: 'Free heart check', align: 'center' } },
  { name: 'LinkButton', id: 'l', data: { placeholder: 'Read the guide', url: 'https://healthgroup.global/guide/' } },
];

/** A campaign in `layout` opened by the page itself (custom trigger), on its own path. */
async function opened(layout: Layout) {
  const path = `/e2e/layout-${layout.toLowerCase()}/`;
  const c = await liveCampaign(path, {
    display_type: LAYOUT_DISPLAY_TYPE[layout] as never,
    trigger_type: 'custom',
    rules: [{ rule: 'days_to_show_again', value: 0 }],
    forms: layout === 'LightBoxA' ? LINK_ONLY : FORM,
    extra_fields: {
      popupVersion: '2.1',
      currentLayout: layout,
      targetLinkType: 'links',
      popupShowThankYou: 'notshow',
      popupInlinePosition: '2nd',
    },
  });
  const context = await visitor();
  const page = await visit(context, path);
  await loaderReady(page);
  await page.evaluate(
    (code) => (window as unknown as { lead: { push(c: unknown[]): void } }).lead.push(['show', code]),
    c.code,
  );
  const host = popupOf(page, c.code);
  await host.waitFor({ state: 'attached' });
  await page.waitForFunction(
    (code) => document.querySelector(`[data-lead-popup="${code}"]`)?.shadowRoot?.querySelector('.popup'),
    c.code,
  );
  // The fade-in has ended (axe would measure contrast halfway through it).
  await host.evaluate((el) => Promise.all(el.shadowRoot!.getAnimations().map((a) => a.finished)));
  return { c, page, context, host };
}

describe('the pop-up as a dialog', () => {
  it('keeps focus inside, closes on Escape and on its labelled Close button, and returns focus', async () => {
    const { page, context, host } = await opened('LightBoxB');
    // Tab from the last control wraps to the first, inside the shadow root.
    const names: string[] = [];
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      names.push(
        await host.evaluate(
          (el) =>
            el.shadowRoot!.activeElement?.getAttribute('aria-label') ||
            el.shadowRoot!.activeElement?.getAttribute('name') ||
            el.shadowRoot!.activeElement?.textContent ||
            '',
        ),
      );
    }
    expect(names).toContain('Close');
    expect(names.every((n) => n !== '')).toBe(true);
    await page.keyboard.press('Escape');
    await host.waitFor({ state: 'detached' });
    // Opened again: the Close button by its name.
    await context.close();
    const again = await opened('LightBoxB');
    await again.page.getByRole('button', { name: 'Close' }).click();
    await again.host.waitFor({ state: 'detached' });
    await again.context.close();
  });

  it('shows the site language and the field errors in place, and honours reduced motion', async () => {
    const { context, host } = await opened('Slider');
    await host.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => host.locator('.error:not([hidden])').allTextContents())
      .toEqual(['Full name is required.', 'Email is required.']);
    await context.close();
    const reduced = await opened('Slider');
    await reduced.page.emulateMedia({ reducedMotion: 'reduce' });
    expect(
      await reduced.host.evaluate((el) => getComputedStyle(el.shadowRoot!.querySelector('.popup')!).animationName),
    ).toBe('none');
    await reduced.context.close();
  });
});

describe('the way each layout comes in', () => {
  // A bar or a tab's panel slides up, a side tab or panel slides in, a card rises, a lightbox grows,
  // a skin drops, the rest fade (docs/layouts.md).
  const MOTION: Record<Layout, string> = {
    Floating: 'lead-up',
    CenterTab: 'lead-up',
    Tab: 'lead-side',
    Sidebar: 'lead-side',
    Slider: 'lead-rise',
    LightBoxA: 'lead-zoom',
    LightBoxB: 'lead-zoom',
    SkinA: 'lead-drop',
    SkinB: 'lead-drop',
    InlineA: 'lead-fade',
    InlineB: 'lead-fade',
    Fullscreen: 'lead-fade',
  };
  it('is its own, and none with reduced motion', async () => {
    const seen: Record<string, string[]> = {};
    for (const layout of LAYOUTS) {
      const { page, context, host } = await opened(layout);
      if (layout.endsWith('Tab')) await host.locator('.tab').click();
      const motion = () =>
        host.evaluate((el) => getComputedStyle(el.shadowRoot!.querySelector('.popup')!).animationName);
      const moving = await motion();
      await page.emulateMedia({ reducedMotion: 'reduce' });
      seen[layout] = [moving, await motion()];
      await context.close();
    }
    expect(seen).toEqual(Object.fromEntries(LAYOUTS.map((l) => [l, [MOTION[l], 'none']])));
  });
});

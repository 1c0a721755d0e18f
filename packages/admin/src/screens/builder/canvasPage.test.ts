import { describe, expect, it } from 'vitest';
import { placeOnPage } from './canvasPage.js';
import { snapshot } from './sitePage.js';

const ARTICLE = Array.from({ length: 8 }, (_, i) => `<p>Paragraph ${i + 1}</p>`).join('');
const PAGE = `<style>header{color:#fff}</style><header><a href="/">Health Group</a></header>
<main><article data-lead-article><h1>Beat well</h1>${ARTICLE}</article></main>`;

function canvasWith(html: string | null) {
  const canvas = document.createElement('div');
  const host = document.createElement('div');
  const site = html === null ? null : snapshot(html);
  return { canvas, host, site };
}

describe("the canvas's page", () => {
  it('is the pop-up alone (the sketch) without a site page', () => {
    const { canvas, host } = canvasWith(null);
    placeOnPage(canvas, host, null, { inline: false, device: 'desktop', inlinePosition: '6th' });
    expect([...canvas.childNodes]).toEqual([host]);
  });

  it("puts a centred pop-up over the site's page, in a box of the device's page size, the page hidden from assistive technology", () => {
    const { canvas, host, site } = canvasWith(PAGE);
    placeOnPage(canvas, host, site, { inline: false, device: 'mobile', inlinePosition: '6th' });
    const box = canvas.querySelector<HTMLElement>('[data-page-box]')!;
    expect([box.style.width, box.style.height, box.style.overflow]).toEqual(['390px', '844px', 'hidden']);
    const page = box.querySelector<HTMLElement>('[data-site-page]')!;
    expect(page.shadowRoot!.querySelector('header')!.textContent).toBe('Health Group');
    expect(host.parentElement).toBe(box);
    expect(host.style.position).toBe('absolute');
    expect(
      [...page.shadowRoot!.querySelectorAll('[data-body] *')].every((e) => e.getAttribute('aria-hidden') === 'true'),
    ).toBe(true);
  });

  it('puts an inline pop-up in the article at its position, as the embed does, and hides the rest of the page', () => {
    const { canvas, host, site } = canvasWith(PAGE);
    placeOnPage(canvas, host, site, { inline: true, device: 'desktop', inlinePosition: '2nd' });
    expect(host.previousElementSibling!.textContent).toBe('Paragraph 2');
    const article = site!.body.querySelector('[data-article]')!;
    expect(host.parentElement).toBe(article);
    expect(article.hasAttribute('aria-hidden')).toBe(false);
    expect(site!.body.querySelector('header')!.getAttribute('aria-hidden')).toBe('true');
    expect(article.querySelector('h1')!.getAttribute('aria-hidden')).toBe('true');
    // Moved when the position changes; over the page again for another layout.
    placeOnPage(canvas, host, site, { inline: true, device: 'desktop', inlinePosition: 'end-of-article' });
    expect(article.lastElementChild).toBe(host);
    placeOnPage(canvas, host, site, { inline: false, device: 'desktop', inlinePosition: '2nd' });
    expect(host.parentElement).toBe(canvas.querySelector('[data-page-box]'));
    expect(article.getAttribute('aria-hidden')).toBe('true');
  });
});

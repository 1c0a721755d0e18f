import { describe, expect, it } from 'vitest';
import { pagePath } from './canvasPage.js';
import { snapshot } from './sitePage.js';

const PAGE = `<!doctype html><html><head>
<style>@import "https://evil.test/x.css";
body{font:17px/1.6 Georgia,serif;color:#222;background:#fafaf7 url(https://evil.test/bg.png)}
header{background:#0b5d4b;color:#fff}
html, main p{margin:0}
@media (max-width: 600px){body{font-size:15px}}
@font-face{font-family:X;src:url(https://evil.test/x.woff2)}</style>
<link rel="stylesheet" href="https://evil.test/y.css">
<script>window.pwned = true</script>
</head><body onload="window.pwned = true">
<header><a href="javascript:alert(1)" onclick="alert(1)" class="brand">Health Group</a></header>
<main><article data-lead-article class="post">
<h1 style="color:red">Beat well</h1>
<p>One <img src=x onerror="window.pwned = true"><strong>two</strong></p>
<iframe src="https://evil.test/"></iframe><form action="https://evil.test/"><input name="a"></form>
<p>Three</p>
</article></main></body></html>`;

describe("the snapshot of the campaign site's page", () => {
  it('keeps the text and its boxes with their class, and nothing that runs, fetches or links', () => {
    const { body } = snapshot(PAGE);
    expect(body.dataset.body).toBe('');
    expect(body.querySelector('header a')?.textContent).toBe('Health Group');
    expect(body.querySelector('header a')?.className).toBe('brand');
    expect(body.querySelector('[data-article] h1')?.textContent).toBe('Beat well');
    expect(body.querySelector('[data-article]')?.className).toBe('post');
    expect([...body.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['One two', 'Three']);
    expect(body.querySelectorAll('script, img, iframe, form, input, link, style').length).toBe(0);
    for (const el of body.querySelectorAll('*'))
      expect(
        el.getAttributeNames().filter((n) => n !== 'class' && n !== 'data-article'),
        el.localName,
      ).toEqual([]);
    expect((window as unknown as { pwned?: boolean }).pwned).toBeUndefined();
  });

  it("keeps the page's style rules on the snapshot's root, without imports, fonts or anything by url()", () => {
    const { css } = snapshot(PAGE);
    expect(css).toMatch(/^\[data-body\]\s*\{[^}]*Georgia/);
    expect(css).toMatch(/header\s*\{[^}]*background: (#0b5d4b|rgb\(11, 93, 75\))/);
    expect(css).toMatch(/\[data-body\], main p\s*\{/);
    expect(css).toMatch(/@media \(max-width: 600px\)\{\[data-body\]/);
    expect(css).not.toMatch(/url\(|@import|@font-face|evil/i);
    expect(css).toMatch(/Georgia/);
  });

  it('marks the main element as the article where the page marks none', () => {
    expect(snapshot('<main><p>a</p></main>').body.querySelector('main')?.hasAttribute('data-article')).toBe(true);
    expect(snapshot('<p>a</p>').body.hasAttribute('data-article')).toBe(true);
  });
});

describe('the path of the page shown', () => {
  it("is the campaign's first target link's, or none", () => {
    expect(pagePath([{ type: 'links', target: 'https://healthgroup.global/heart/beat/' }])).toBe('/heart/beat/');
    expect(pagePath([{ type: 'links', target: 'healthgroup.global/lung' }])).toBe('/lung');
    expect(pagePath([{ type: 'tags', target: 'heart' }])).toBeUndefined();
    expect(pagePath([])).toBeUndefined();
  });
});

/**
 * The demo partner pages escape by context (issue #28): a value from the address never reaches
 * an event handler or a script; in an attribute it is escaped for the attribute.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('?show=…&trigger=… on a demo partner page', () => {
  it('puts the code from the address in no event handler or script, only escaped in an attribute', async () => {
    const attack = `X');alert(document.domain);//"><img src=x onerror=alert(1)>`;
    for (const trigger of ['custom', 'on_click', 'hover']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/heart/article-1/?show=${encodeURIComponent(attack)}&trigger=${trigger}`,
        headers: { host: 'bacsi-online.vn.localhost:8080' },
      });
      expect(res.statusCode).toBe(200);
      // No event-handler attribute anywhere in the page (our pages quote every attribute)...
      expect(res.body, trigger).not.toMatch(/\son[a-z]+\s*=\s*"/i);
      // ...and the value only inside an attribute, escaped for it.
      const escaped = 'X&#39;);alert(document.domain);//&quot;&gt;&lt;img src=x onerror=alert(1)&gt;';
      expect(res.body).toContain(
        trigger === 'custom' ? `data-lead-show="${escaped}"` : `data-lead-trigger="${escaped}"`,
      );
      expect(res.body.split(escaped)).toHaveLength(2);
    }
  });

  it('opens the campaign named by the address through a fixed script and the button’s data-lead-show', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/heart/article-1/?show=ABC123&trigger=custom',
      headers: { host: 'bacsi-online.vn.localhost:8080' },
    });
    expect(res.body).toContain('<button type="button" data-lead-show="ABC123">Open the offer</button>');
    expect(res.body).toContain("push(['show', b.getAttribute('data-lead-show')])");
  });
});

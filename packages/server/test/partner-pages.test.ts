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

describe('GET /api/admin/sites/{id}/page', () => {
  it('gives the site’s article page as the demo serves it, without the embed’s script, to staff of the site', async () => {
    const member = await t.login('member@lead.test');
    const res = await t.call('GET', '/api/admin/sites/1/page?path=%2Fheart%2Fbeat-well%2F', { token: member });
    expect(res.status).toBe(200);
    const html: string = res.body._data.html;
    expect(html).toContain('<header><a href="/">Bacsi Online</a>');
    expect(html).toContain('<h1>Beat well</h1>');
    expect(html).toContain('data-lead-article');
    expect(html).not.toMatch(/<script/i);
    // The demo partner page itself keeps its loader.
    const served = await t.app.inject({
      method: 'GET',
      url: '/heart/beat-well/',
      headers: { host: 'bacsi-online.vn.localhost:8080' },
    });
    expect(served.body).toContain('/embed/v1/loader.js');
  });

  it('refuses another staff’s site, an unknown site and a path that is not one', async () => {
    const member = await t.login('member@lead.test');
    expect((await t.call('GET', '/api/admin/sites/12/page', { token: member })).status).toBe(403);
    expect((await t.call('GET', '/api/admin/sites/999/page', { token: member })).status).toBe(404);
    expect((await t.call('GET', '/api/admin/sites/1/page?path=heart', { token: member })).status).toBe(422);
    // A malformed %-escape in the path is a title as it stands, not a failure.
    const odd = await t.call('GET', `/api/admin/sites/1/page?path=${encodeURIComponent('/100%zz/')}`, {
      token: member,
    });
    expect(odd.status).toBe(200);
    expect(odd.body._data.html).toContain('<h1>100%zz</h1>');
  });

  it('is null where no demo partner page is served (DEMO=0)', async () => {
    const plain = await startTestApp({ config: { demo: false } });
    try {
      const res = await plain.call('GET', '/api/admin/sites/1/page', {
        token: await plain.login('system@lead.test'),
      });
      expect(res.status).toBe(200);
      expect(res.body._data).toEqual({ html: null });
    } finally {
      await plain.close();
    }
  });
});

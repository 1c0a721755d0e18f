/**
 * A lead reaches the client's webhook, end to end (issue #30): an admin adds a webhook from the
 * client's page; a visitor sends the campaign's form on a partner page; a real HTTPS receiver (this
 * run's certificate, tls.ts) gets it signed, and staff see it delivered; the receiver then fails,
 * staff see the retry with its status and answer, and they send the lead again once it is back:
 * the same webhook-id every time.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeClient, unique } from './fixtures.js';
import { addDestination, expectAccessible } from './helpers.js';
import { liveCampaign, SITE, sendForm, staffPage, usePartnerBrowser } from './partner.js';

usePartnerBrowser();

interface Post {
  id: string;
  status: number;
  body: { data: { lead: { id: number; fields: Array<{ key: string; value: string }> } } };
}
const posts: Post[] = [];
let failing = false;
let receiver: Server;
let url = '';

beforeAll(async () => {
  const tls = inject('tls');
  receiver = createServer({ key: readFileSync(tls.key), cert: readFileSync(tls.cert) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const status = failing ? 503 : 204;
      posts.push({
        id: String(req.headers['webhook-id']),
        status,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Post['body'],
      });
      if (failing) res.writeHead(503, { 'content-type': 'text/plain' }).end('Clinic CRM is down for maintenance');
      else res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${(receiver.address() as AddressInfo).port}/leads`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const postsOf = (name: string) =>
  posts.filter((p) => p.body.data.lead.fields.some((f) => f.key === 'name' && f.value === name));

/** The lead row of `name` in the campaign's lead table, read again from the server, once it names `destination`. */
async function deliveryText(admin: Page, name: string, destination: string): Promise<string> {
  await admin.reload();
  const row = admin.getByRole('grid', { name: 'Leads' }).getByRole('row').filter({ hasText: name });
  // The destinations' names come in a request of their own, which may end after the rows came.
  await row.first().getByText(`${destination}:`).waitFor();
  return row.first().innerText();
}

describe('a lead delivered to a webhook', () => {
  it('is delivered, retried while the receiver fails, and sent again by staff', async () => {
    const client = await makeClient([SITE.id]);
    const c = await liveCampaign('/e2e/webhook-delivery/', { trigger_type: 'custom', client_id: client.id });
    const hook = unique('Clinic CRM');

    // The webhook, added on its own page from the client's, for every campaign of the client.
    const { staff: settings, admin: page } = await staffPage(
      'system@lead.test',
      `/clients/${client.id}?tab=destinations`,
    );
    await addDestination(page, 'webhook', async (p) => {
      await p.getByRole('textbox', { name: 'Name' }).fill(hook);
      await p.getByRole('textbox', { name: 'URL' }).fill(url);
    });
    await page
      .getByRole('status')
      .filter({ hasText: `Signing secret of ${hook}` })
      .waitFor();
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await settings.close();

    // A visitor's lead: at the receiver, and 'Delivered' on the lead table.
    await sendForm('/e2e/webhook-delivery/', c.code, 'Minh Tran', `minh.${c.id}@example.vn`);
    await expect.poll(() => postsOf('Minh Tran').length).toBe(1);
    const [minh] = postsOf('Minh Tran');
    expect(minh!.id).toMatch(new RegExp(`^lead_${minh!.body.data.lead.id}_\\d+$`));
    const { staff, admin } = await staffPage('system@lead.test', `/campaign-details/${c.id}`);
    await expect.poll(() => deliveryText(admin, 'Minh Tran', hook)).toContain(`${hook}: Delivered`);

    // The receiver fails: staff see the retry, its status and what the receiver said.
    failing = true;
    await sendForm('/e2e/webhook-delivery/', c.code, 'Hoa Le', `hoa.${c.id}@example.vn`);
    await expect.poll(() => postsOf('Hoa Le').length).toBeGreaterThanOrEqual(1);
    await expect
      .poll(() => deliveryText(admin, 'Hoa Le', hook))
      .toMatch(new RegExp(`${hook}: Retrying \\(503\\), next at`));
    const hoaRow = admin.getByRole('grid', { name: 'Leads' }).getByRole('row').filter({ hasText: 'Hoa Le' });
    // The page's later loads may draw the lead rows again, which closes their <details>: open it
    // until the answer shows.
    const answer = hoaRow.getByText('Clinic CRM is down for maintenance');
    await expect
      .poll(async () => {
        if (!(await answer.isVisible())) await hoaRow.getByText('Last answer').click();
        return answer.isVisible();
      })
      .toBe(true);
    await expectAccessible(admin);

    // Back up: staff send it again, under the same webhook-id, and it is delivered.
    failing = false;
    const hoaId = postsOf('Hoa Le')[0]!.id;
    const hoaLead = postsOf('Hoa Le')[0]!.body.data.lead.id;
    await hoaRow.getByRole('button', { name: `Resend lead #${hoaLead} to ${hook}` }).click();
    await expect.poll(() => postsOf('Hoa Le').filter((p) => p.status === 204).length).toBeGreaterThanOrEqual(1);
    expect(new Set(postsOf('Hoa Le').map((p) => p.id))).toEqual(new Set([hoaId]));
    await expect.poll(() => deliveryText(admin, 'Hoa Le', hook)).toContain(`${hook}: Delivered`);
    await staff.close();
  });
});

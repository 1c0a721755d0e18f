/**
 * The webhook's body against its published schema (`LeadCreatedV1`, @lead/contract): what the
 * payload builder makes of a plain lead, a duplicate and an A/B variant's lead validates, and the
 * builder's type is the schema's, so a field added to one and not the other fails here or in the
 * typecheck. The request itself (headers, signature, retries) is webhooks.test.ts.
 */
import { LeadCreatedV1 } from '@lead/contract/api';
import type { Static } from 'typebox';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadEvent, type LeadEvent } from '../src/delivery/payload.js';
import { startTestApp, type TestApp } from './helpers.js';
import { publicClient, type PublicClient } from './public-fixtures.js';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Fails the typecheck when the builder's event and the schema describe different bodies. */
const sameShape: Same<LeadEvent, Static<typeof LeadCreatedV1>> = true;

let t: TestApp;
let p: PublicClient;

beforeAll(async () => {
  t = await startTestApp();
  p = await publicClient(t);
});
afterAll(() => t.close());

let visitors = 0;
async function lead(code: string, email: string) {
  visitors += 1;
  const res = await p.post(
    'leads',
    {
      site_id: 1,
      code,
      visitor_id: `visitor-body-${visitors}`,
      page_url: 'https://bacsi-online.vn/heart/a/',
      fields: { name: 'Lan Nguyen', email },
    },
    {},
    `10.41.0.${visitors}`,
  );
  expect(res.status, res.raw).toBe(200);
  const row = await t.database.db.selectFrom('leads').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
  return Number(row.id);
}

const errors = (event: unknown) => [...Value.Errors(LeadCreatedV1, event)].map((e) => `${e.instancePath} ${e.message}`);

describe('the webhook body', () => {
  it('the builder and the schema describe the same fields', () => {
    expect(sameShape).toBe(true);
  });

  it('validates against LeadCreatedV1 for a lead and for its duplicate', async () => {
    const campaign = await p.create();
    const first = await leadEvent(t.database.db, await lead(campaign.code, 'body@mail.test'));
    const again = await leadEvent(t.database.db, await lead(campaign.code, 'body@mail.test'));
    expect(first).toMatchObject({
      type: 'lead.created',
      data: { lead: { duplicate: false, variant: null }, campaign: { id: campaign.id } },
    });
    expect(again).toMatchObject({ data: { lead: { duplicate: true } } });
    expect(errors(first)).toEqual([]);
    expect(errors(again)).toEqual([]);
  });

  it("validates for an A/B variant's lead of the demo data, named by its arm", async () => {
    const row = await t.database.db
      .selectFrom('leads')
      .innerJoin('campaigns', 'campaigns.id', 'leads.campaign_id')
      .select('leads.id')
      .where('campaigns.type', '=', 2)
      .where('leads.erased_at', 'is', null)
      .orderBy('leads.id')
      .executeTakeFirstOrThrow();
    const event = await leadEvent(t.database.db, Number(row.id));
    expect(event?.data.lead.variant).toEqual(expect.any(String));
    expect(errors(event)).toEqual([]);
  });

  it('refuses a body the schema does not describe', async () => {
    const campaign = await p.create();
    const event = (await leadEvent(t.database.db, await lead(campaign.code, 'other@mail.test')))!;
    expect(errors({ ...event, timestamp: '2026-11-23 10:15:00' })).not.toEqual([]);
    expect(
      errors({ ...event, data: { ...event.data, lead: { ...event.data.lead, fields: [{ key: 'name' }] } } }),
    ).not.toEqual([]);
  });
});

import type { CampaignPayload } from '@lead/contract';
import type { TestApp } from './helpers.js';

/** A client that runs on `siteId` in the demo data. */
export async function clientOf(t: TestApp, siteId: number): Promise<number> {
  const row = await t.database.db.selectFrom('client_sites').select('client_id').where('site_id', '=', siteId).orderBy('client_id').executeTakeFirstOrThrow();
  return row.client_id;
}

/** A payload the builder would send for a valid campaign on site 1 (bacsi-online.vn). */
export function payload(clientId: number, over: Partial<CampaignPayload> = {}): CampaignPayload {
  return {
    name: 'Heart check 2027',
    display_type: 2,
    device_types: [1, 2],
    rules: [
      { rule: 'time_on_page', value: 5 },
      { rule: 'days_to_show_again', value: 7 },
    ],
    trigger_type: 'on_landing',
    forms: [
      { name: 'Title', id: 't', data: { placeholder: 'Check your heart', align: 'center' } },
      { name: 'Text', id: 'a', data: { value: 'name', placeholder: 'Full name', required: true } },
      { name: 'Email', id: 'b', data: { value: 'email', placeholder: 'Email', required: true } },
      { name: 'Submit', id: 's', data: { placeholder: 'Submit' } },
    ],
    extra_fields: { popupVersion: '2.1', currentLayout: 'LightBoxB', targetLinkType: 'links', popupShowThankYou: 'show', popupInlinePosition: '6th' },
    targets: [{ type: 'links', option: 'start_with', target: 'https://bacsi-online.vn/heart/', sub_target: [] }],
    site_id: 1,
    client_id: clientId,
    kpis: { lead: 500 },
    price: 2.5,
    forever: true,
    ...over,
  };
}

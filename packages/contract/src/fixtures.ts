import type { CampaignPayload } from './campaign.js';

/**
 * A campaign as the builder would save it on site 1 (bacsi-online.vn), valid by every save rule:
 * one fixture for the server's tests and the admin's browser journeys
 * (`import { validCampaign } from '@lead/contract/fixtures'`; not part of the main entry).
 */
export function validCampaign(clientId: number, over: Partial<CampaignPayload> = {}): CampaignPayload {
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

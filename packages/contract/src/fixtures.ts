import type { Static, TObject } from 'typebox';
import { Value } from 'typebox/value';
import type { CampaignPayload } from './api/campaigns.js';
import { ClientSchema } from './api/clients.js';
import { AccountStatus } from './constants.js';
import type { Client, ClientPayload, UserPayload } from './types.js';

/*
 * Payloads valid by every rule of the contract, as the admin's screens would send them: one set
 * of fixtures for the server's tests and the admin's browser journeys
 * (`import { validCampaign } from '@lead/contract/fixtures'`; not part of the main entry). Ids
 * that only the database knows (a client, a role, a site) are the caller's; so is anything that
 * must be unique (a user's email), passed in `over`.
 */

/** A campaign as the builder would save it on site 1 (bacsi-online.vn), valid by every save rule. */
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
    extra_fields: {
      popupVersion: '2.1',
      currentLayout: 'LightBoxB',
      targetLinkType: 'links',
      popupShowThankYou: 'show',
      popupInlinePosition: '6th',
    },
    targets: [{ type: 'links', option: 'start_with', target: 'https://bacsi-online.vn/heart/', sub_target: [] }],
    site_id: 1,
    client_id: clientId,
    kpis: { lead: 500 },
    price: 2.5,
    forever: true,
    ...over,
  };
}

/** What a user is given: one role, and the sites and clients they work on (at least one of each). */
export interface UserGrants {
  roleId: number;
  siteIds: number[];
  clientIds: number[];
}

/**
 * An active user as an admin adds them in Manage users, valid by `userErrors`: an email, a first
 * name, one role, a site and a client. The email is the caller's to make unique (`over.email`).
 */
export function validUser({ roleId, siteIds, clientIds }: UserGrants, over: Partial<UserPayload> = {}): UserPayload {
  return {
    first_name: 'Thu',
    last_name: 'Pham',
    email: 'thu.pham@lead.test',
    status: AccountStatus.Active,
    role_ids: [roleId],
    site_ids: siteIds,
    client_ids: clientIds,
    ...over,
  };
}

/**
 * A client as an admin adds it in Manage clients, valid by `clientErrors`: a name, an account
 * manager (a user who may manage clients) and the sites it runs on, with its contact details.
 */
export function validClient(managerId: number, siteIds: number[], over: Partial<ClientPayload> = {}): ClientPayload {
  return {
    name: 'Heartline Clinic',
    contact_name: 'Mai Tran',
    phone_number: '+84 912 345 678',
    title: 'Brand Manager',
    email: 'contact@heartline.test',
    manager_id: managerId,
    site_ids: siteIds,
    ...over,
  };
}

/** Every field of an answer's schema at its blank: null where the schema allows it, else its type's zero. */
const blankOf = <S extends TObject>(schema: S): Static<S> =>
  Object.fromEntries(
    Object.entries(schema.properties).map(([key, s]) => [key, Value.Check(s, null) ? null : Value.Create(s)]),
  ) as Static<S>;

/**
 * A client as `GET /clients` answers it, for the admin's unit tests: every field of `ClientSchema`
 * (a field added there is filled here with no edit, null or its zero), then `over`.
 */
export function savedClient(over: Partial<Client> = {}): Client {
  return {
    ...blankOf(ClientSchema),
    id: 7,
    name: 'Heartline Clinic',
    site_ids: [1, 2],
    duplicate_scope: 'client',
    duplicate_window_days: 30,
    currency: 'USD',
    deliver_duplicates: false,
    verdict_window_days: 7,
    created_at: '2026-11-24 08:00:00',
    updated_at: '2026-11-24 08:00:00',
    ...over,
  };
}

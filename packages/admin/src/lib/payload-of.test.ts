import { ClientBody } from '@lead/contract/api';
import type { Client, User } from '@lead/contract';
import { savedClient } from '@lead/contract/fixtures';
import { describe, expect, it } from 'vitest';
import { payloadOf } from '../screens/settings/clients.store.js';
import { userPayloadOf } from '../screens/settings/users.store.js';
import { payloadFrom } from './payload-of.js';

const client: Client = savedClient({
  name: 'Acme',
  phone_number: '+84 900',
  email: 'a@acme.test',
  site_ids: [1, 3],
  duplicate_window_days: 14,
  currency: 'VND',
  deliver_duplicates: true,
  verdict_window_days: 10,
});

describe('payloadFrom', () => {
  it("fills every body key from the answer: a null free text as '', other nulls as they are, lists copied", () => {
    const p = payloadOf(client);
    expect(p).toMatchObject({
      name: 'Acme',
      contact_name: '',
      phone_number: '+84 900',
      title: '',
      email: 'a@acme.test',
      manager_id: null,
      site_ids: [1, 3],
      duplicate_scope: 'client',
      duplicate_window_days: 14,
      currency: 'VND',
      deliver_duplicates: true,
      retention_months: null,
      verdict_window_days: 10,
    });
    expect(p.site_ids).not.toBe(client.site_ids);
    expect(Object.keys(payloadFrom('ClientBody', client, {})).sort()).toEqual(
      Object.keys(ClientBody.properties).sort(),
    );
  });

  it("keeps a user's avatar (a picture's address, not free text) and reads the special fields", () => {
    const user: User = {
      id: 3,
      first_name: 'Nora',
      last_name: 'Bell',
      email: 'nora@lead.test',
      avatar: '/uploads/avatar/n.png',
      status: 2,
      roles: [{ id: 4, name: 'campaign-member', display_name: 'Member', description: '' }],
      sites: [{ id: 1, hostname: 'a.test' }],
      client_ids: [5],
      created_at: '2026-01-01 00:00:00',
      hostname: 'a.test',
    };
    expect(userPayloadOf(user)).toEqual({
      first_name: 'Nora',
      last_name: 'Bell',
      email: 'nora@lead.test',
      avatar: '/uploads/avatar/n.png',
      status: 0,
      role_ids: [4],
      site_ids: [1],
      client_ids: [5],
    });
    expect(payloadFrom('UserBody', { ...user, avatar: null }, userSpecial).avatar).toBeNull();
  });
});

const userSpecial = {
  role_ids: (u: User) => u.roles.map((r) => r.id),
  site_ids: (u: User) => u.sites.map((s) => s.id),
};

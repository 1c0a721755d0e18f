import type { Client } from '@lead/contract';
import { savedClient } from '@lead/contract/fixtures';
import { describe, expect, it } from 'vitest';
import {
  cancelClientChanges,
  clientPage,
  clientPageChanged,
  clientPageErrors,
  setClientField,
} from './client.store.js';
import { payloadOf } from '../settings/clients.store.js';

const saved: Client = savedClient({
  contact_name: 'Mai Tran',
  email: 'contact@heartline.test',
  manager_id: 1,
  manager_name: 'Sam System',
});

describe("a client's page", () => {
  it('has changes once a field differs from the saved client; Cancel puts the saved values back', () => {
    Object.assign(clientPage, { id: 7, client: saved, payload: payloadOf(saved), revision: 0 });
    expect(clientPageChanged()).toBe(false);
    setClientField('name', 'Heartline');
    expect(clientPageChanged()).toBe(true);
    cancelClientChanges();
    expect(clientPageChanged()).toBe(false);
    expect(clientPage.payload?.name).toBe('Heartline Clinic');
    expect(clientPage.revision).toBe(1);
  });

  it('holds the tabs to the dialog’s rules (a name, a site)', () => {
    Object.assign(clientPage, { id: 7, client: saved, payload: payloadOf(saved), revision: 0 });
    expect(clientPageErrors()).toBeUndefined();
    setClientField('name', ' ');
    setClientField('site_ids', []);
    expect(Object.keys(clientPageErrors() ?? {}).sort()).toEqual(['name', 'site_ids']);
  });
});

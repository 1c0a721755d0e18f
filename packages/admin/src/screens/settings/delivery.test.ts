import { destinationErrors, type Destination } from '@lead/contract';
import { describe, expect, it } from 'vitest';
import {
  destinationPayload,
  destinationStateLabel,
  emptyDestination,
  formOf,
  parseRecipients,
  scheduleLabel,
} from './delivery.js';

const saved: Destination = {
  id: 3,
  client_id: 7,
  name: 'Daily file',
  enabled: true,
  kind: 'email',
  campaign_ids: [4, 5],
  url: null,
  format: 'csv',
  schedule: 'daily',
  hour: 8,
  recipients: ['a@client.test', 'b@client.test'],
  state: 'active',
  last_success_at: null,
  last_failure_at: null,
  created_at: '2026-11-24 08:00:00',
  updated_at: '2026-11-24 08:00:00',
};

describe('the DELIVERY tab’s form', () => {
  it('reads recipients separated by commas, semicolons, spaces or lines, each once', () => {
    expect(parseRecipients(' a@x.test, b@x.test;c@x.test\nd@x.test  a@x.test ')).toEqual([
      'a@x.test',
      'b@x.test',
      'c@x.test',
      'd@x.test',
    ]);
    expect(parseRecipients('  ')).toEqual([]);
  });

  it('saves only the fields of its kind, and null campaigns for every campaign', () => {
    const hook = { ...emptyDestination('webhook'), name: ' CRM ', url: ' https://crm.test/hook ' };
    expect(destinationPayload(hook)).toEqual({
      name: 'CRM',
      enabled: true,
      kind: 'webhook',
      campaign_ids: null,
      url: 'https://crm.test/hook',
      format: null,
      schedule: null,
      hour: null,
      recipients: null,
    });
    const hourly = { ...formOf(saved), schedule: 'hourly' as const };
    expect(destinationPayload(hourly)).toMatchObject({
      url: null,
      format: 'csv',
      schedule: 'hourly',
      hour: null,
      campaign_ids: [4, 5],
      recipients: saved.recipients,
    });
  });

  it('round-trips a saved destination through the form', () => {
    const {
      id: _id,
      client_id: _c,
      state: _s,
      last_success_at: _a,
      last_failure_at: _b,
      created_at: _d,
      updated_at: _e,
      ...input
    } = saved;
    expect(destinationPayload(formOf(saved))).toEqual(input);
  });

  it('is held to the contract’s rules: a file needs recipients, valid ones', () => {
    const f = { ...emptyDestination('email'), name: 'File' };
    expect(destinationErrors(destinationPayload(f), { allowHttpLocalhost: false })?.recipients).toBeDefined();
    expect(
      destinationErrors(destinationPayload({ ...f, recipients: 'a@x.test, nope' }), { allowHttpLocalhost: false }),
    ).toHaveProperty(['recipients.1']);
    expect(
      destinationErrors(destinationPayload({ ...f, recipients: 'a@x.test' }), { allowHttpLocalhost: false }),
    ).toBeUndefined();
  });

  it('names states and schedules', () => {
    expect(destinationStateLabel({ enabled: false, state: 'active' })).toBe('Off');
    expect(destinationStateLabel({ enabled: true, state: 'paused' })).toBe('Paused (failing)');
    expect(destinationStateLabel({ enabled: true, state: 'disabled' })).toBe('Disabled (410 Gone)');
    expect(destinationStateLabel({ enabled: true, state: 'active' })).toBe('Active');
    expect(scheduleLabel({ schedule: 'daily', hour: 8 })).toBe('Daily at 08:00');
    expect(scheduleLabel({ schedule: 'hourly', hour: null })).toBe('Hourly');
  });
});

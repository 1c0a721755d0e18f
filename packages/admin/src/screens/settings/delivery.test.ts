import { destinationErrors, type Destination } from '@lead/contract';
import { describe, expect, it } from 'vitest';
import {
  attemptResult,
  attemptSubject,
  destinationHealth,
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

describe('a destination on its page', () => {
  const at = (over: Partial<Destination>) => ({ ...saved, kind: 'webhook' as const, ...over });
  it.each([
    [{ enabled: false, state: 'paused' as const }, 'off', 'Off', 'inactive'],
    [{ state: 'disabled' as const }, 'disabled', 'Disabled (410 Gone)', 'expired'],
    [{ state: 'paused' as const }, 'paused', 'Paused (failing)', 'expired'],
    [
      { last_failure_at: '2026-11-24 09:00:00', last_success_at: '2026-11-24 08:00:00' },
      'failing',
      'Failing',
      'paused',
    ],
    [{ last_failure_at: '2026-11-24 09:00:00' }, 'failing', 'Failing', 'paused'],
    [{ last_failure_at: '2026-11-24 08:00:00', last_success_at: '2026-11-24 09:00:00' }, 'active', 'Active', 'active'],
    [{}, 'active', 'Active', 'active'],
  ])('%o is %s', (over, key, label, badge) => {
    expect(destinationHealth(at(over))).toEqual({ key, label, badge });
  });

  it.each([
    [{ lead_id: null, event: 'lead.test' }, 'webhook', 'Test event'],
    [{ lead_id: 12, event: null }, 'webhook', 'Lead #12'],
    [{ lead_id: null, event: null }, 'email', 'File'],
    [{ lead_id: null, event: null }, 'webhook', '—'],
  ] as const)('names the attempt %o of a %s: %s', (a, kind, text) => {
    expect(attemptSubject(a, kind)).toBe(text);
  });

  it.each([
    [{ status: 204, error: null }, true, 'Delivered (204)'],
    [{ status: null, error: null }, true, 'Delivered'],
    [{ status: 503, error: 'down' }, false, 'Failed (503)'],
    [{ status: null, error: 'timed out' }, false, 'Failed (no answer)'],
  ])('reads %o', (a, ok, label) => {
    expect(attemptResult(a)).toEqual({ ok, label });
  });
});

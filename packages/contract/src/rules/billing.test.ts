import { describe, expect, it } from 'vitest';
import { clientErrors } from './accounts.js';
import { billableLeads, isCurrencyCode, leadGoal, spendOf } from './billing.js';

describe('goals and spend', () => {
  it('reads the leads goal from kpis.lead, a number or numeric text, else none', () => {
    expect(leadGoal({ lead: 500 })).toBe(500);
    expect(leadGoal({ lead: ' 250 ' })).toBe(250);
    expect([
      leadGoal({}),
      leadGoal({ lead: '' }),
      leadGoal({ lead: 'abc' }),
      leadGoal({ lead: 0 }),
      leadGoal(null),
    ]).toEqual([null, null, null, null, null]);
  });

  it('bills leads less duplicates, at the price per lead to the cent', () => {
    expect(billableLeads(10, 3)).toBe(7);
    expect(billableLeads(1, 3)).toBe(0);
    expect(spendOf(3, 0.1)).toBe(0.3);
    expect(spendOf(312, 2.5)).toBe(780);
  });

  it('takes ISO 4217 codes only', () => {
    expect(['USD', 'VND', 'EUR'].map(isCurrencyCode)).toEqual([true, true, true]);
    expect(['usd', 'US', 'XYZ', 'DOLLAR'].map(isCurrencyCode)).toEqual([false, false, false, false]);
  });

  it("checks a client's duplicate and currency settings when sent", () => {
    const base = { name: 'Acme', manager_id: 1, site_ids: [1] };
    expect(clientErrors(base)).toBeUndefined();
    expect(
      clientErrors({
        ...base,
        duplicate_scope: 'client',
        duplicate_window_days: 365,
        currency: 'THB',
        deliver_duplicates: true,
      }),
    ).toBeUndefined();
    expect(Object.keys(clientErrors({ ...base, duplicate_window_days: 1.5 }) ?? {})).toEqual(['duplicate_window_days']);
    expect(Object.keys(clientErrors({ ...base, duplicate_scope: 'site' as never }) ?? {})).toEqual(['duplicate_scope']);
  });
});

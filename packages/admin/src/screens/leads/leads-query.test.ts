import { describe, expect, it } from 'vitest';
import {
  activeChips,
  EMPTY_VIEW,
  hasFilters,
  parseLeadsQuery,
  serializeLeadsQuery,
  toApiFilters,
} from './leads-query.js';

const names = {
  client: (id: number) => (id === 7 ? 'Acme' : undefined),
  site: () => 'bacsi-online.vn',
  campaign: () => undefined,
};

describe('the Leads page’s view in the address', () => {
  it('reads the filters and the page from the query and writes them back the same', () => {
    const search =
      'client=7,9&site=1&campaign=42&from=2026-11-20&to=2026-11-20&delivery=failed,none&dup=1&before=abc_-1';
    const view = parseLeadsQuery(search);
    expect(view).toEqual({
      clientIds: [7, 9],
      siteIds: [1],
      campaignIds: [42],
      from: '2026-11-20',
      to: '2026-11-20',
      delivery: ['none', 'failed'],
      duplicate: true,
      before: 'abc_-1',
      after: null,
    });
    expect(parseLeadsQuery(serializeLeadsQuery(view))).toEqual(view);
    expect(serializeLeadsQuery(EMPTY_VIEW)).toBe('');
  });

  it('drops what is not a filter: bad ids, days, states, cursors; puts a backwards range in order', () => {
    expect(parseLeadsQuery('client=a,0,-3,5&from=2026-2-1&delivery=lost&dup=2&after=<x>')).toEqual({
      ...EMPTY_VIEW,
      clientIds: [5],
    });
    expect(parseLeadsQuery('from=2026-11-21&to=2026-11-20')).toMatchObject({ from: '2026-11-20', to: '2026-11-21' });
    // One page cursor at a time: `before` wins.
    expect(parseLeadsQuery('before=a&after=b')).toMatchObject({ before: 'a', after: null });
  });

  it('sends only the filters set, never the page, as the API names them', () => {
    const view = parseLeadsQuery('client=7&from=2026-11-20&to=2026-11-20&dup=0&before=abc');
    expect(toApiFilters(view)).toEqual({ client_ids: '7', from: '2026-11-20', to: '2026-11-20', duplicate: '0' });
    expect(toApiFilters(EMPTY_VIEW)).toEqual({});
    expect(hasFilters(EMPTY_VIEW)).toBe(false);
    expect(hasFilters({ ...EMPTY_VIEW, before: 'abc' })).toBe(false);
    expect(hasFilters(view)).toBe(true);
  });

  it('shows each active filter as a chip whose removal takes off only that filter', () => {
    const view = parseLeadsQuery('client=7,9&campaign=42&from=2026-11-20&to=2026-11-20&delivery=failed&dup=1');
    const chips = activeChips(view, names);
    expect(chips.map((c) => c.label)).toEqual([
      'Client: Acme',
      'Client: #9',
      'Campaign: #42',
      'Date: 2026-11-20',
      'Delivery: Failed',
      'Duplicates only',
    ]);
    expect(chips[0]!.remove).toEqual({ clientIds: [9] });
    expect(chips[3]!.remove).toEqual({ from: null, to: null });
    expect(activeChips(parseLeadsQuery('from=2026-11-01'), names).map((c) => c.label)).toEqual([
      'Date: 2026-11-01 to today',
    ]);
    expect(activeChips(EMPTY_VIEW, names)).toEqual([]);
  });
});

import type { CampaignList } from '@lead/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** The server's list, faked: `total` campaigns with ids 1..total, paged as asked; every call counted. */
const server = vi.hoisted(() => ({ total: 0, calls: [] as Array<Record<string, unknown>> }));
vi.mock('../../api/client.js', () => ({
  isAbort: () => false,
  call: async (_name: string, { query: searchParams }: { query: Record<string, unknown> }) => {
    server.calls.push(searchParams);
    const page = Number(searchParams.page);
    const size = Number(searchParams.items_per_page);
    const ids = Array.from({ length: server.total }, (_, i) => i + 1).slice((page - 1) * size, page * size);
    const data = {
      models: ids.map((id) => ({ id, name: `c${id}`, variants: [] })),
      pagination: { items_per_page: size, current: page, total_items: server.total },
      total_items: server.total,
      total_impressions: 0,
      total_leads: 0,
      total_submits: 0,
    } as unknown as CampaignList;
    return { _data: data, _messages: [] };
  },
}));

const { applyQuery, list, select, selectAllMatching } = await import('./campaigns.store.js');

beforeEach(() => {
  server.calls = [];
  server.total = 0;
  applyQuery('/', '');
  list.selected = [];
  list.allMatching = false;
});

describe('the selection', () => {
  it('"Select all N matching" asks every page at the largest size and holds all N ids, for N over a page', async () => {
    server.total = 450;
    applyQuery('/', 'q=heart&status=1');
    await vi.waitFor(() => expect(list.data?.total_items).toBe(450));
    select('all');
    expect(list.selected).toHaveLength(20);
    server.calls = [];
    await selectAllMatching();
    expect(list.selected).toEqual(Array.from({ length: 450 }, (_, i) => i + 1));
    expect(list.allMatching).toBe(true);
    // Pages of 200, with the list's filters: 3 requests for 450.
    expect(server.calls.map((c) => [c.page, c.items_per_page, c.keyword, c.status])).toEqual([
      [1, 200, 'heart', '1'],
      [2, 200, 'heart', '1'],
      [3, 200, 'heart', '1'],
    ]);
  });

  it.each<[string, string, boolean]>([
    ['another search', 'q=lung', false],
    ['a status', 'q=heart&status=4', false],
    ['a client in the sidebar', 'q=heart&sb=1:10', false],
    ['another page', 'q=heart&page=2', true],
    ['another sort', 'q=heart&sort=name', true],
    ['the Report view', 'q=heart&view=Report', true],
  ])('after %s is kept: %s', async (_, query, kept) => {
    server.total = 30;
    applyQuery('/', 'q=heart');
    await vi.waitFor(() => expect(list.data?.total_items).toBe(30));
    select(new Set([1, 2]));
    applyQuery('/', query);
    expect(list.selected).toEqual(kept ? [1, 2] : []);
  });

  it('a filter change while all N are being fetched drops them', async () => {
    server.total = 300;
    applyQuery('/', 'q=heart');
    const all = selectAllMatching();
    applyQuery('/', 'q=lung');
    await all;
    expect(list.selected).toEqual([]);
    expect(list.allMatching).toBe(false);
  });
});

import { breakdownFigures } from '@lead/contract';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const server = vi.hoisted(() => ({
  calls: [] as Array<{ route: string; params: unknown; query: Record<string, unknown> }>,
  blobs: [] as Array<{ route: string; params: unknown; query: Record<string, unknown> }>,
}));

const row = (value: string, label: string, impressions: number, leads: number, accepted = 0) => ({
  value,
  label,
  ...breakdownFigures({ impressions, leads, duplicates: 0, credited: 0, accepted }),
});

vi.mock('../../api/client.js', () => ({
  isAbort: () => false,
  call: async (route: string, { params, query: searchParams }: { params: unknown; query: Record<string, unknown> }) => {
    server.calls.push({ route, params, query: searchParams });
    const rows =
      searchParams.by === 'page'
        ? [row('/a', '/a', 200, 4, 2), row('/b', '/b', 100, 5, 5)]
        : [row('mobile', 'mobile', 300, 6, 3), row('desktop', 'desktop', 100, 3)];
    return {
      _data: {
        by: searchParams.by,
        rows,
        total: breakdownFigures({ impressions: 0, leads: 0, duplicates: 0, credited: 0, accepted: 0 }),
      },
    };
  },
  callBlob: async (route: string, { params, query }: { params: unknown; query: Record<string, unknown> }) => {
    server.blobs.push({ route, params, query });
    return new Blob(['x']);
  },
}));
vi.mock('../../lib/download.js', () => ({ saveBlob: vi.fn() }));

const { Breakdown } = await import('./Breakdown.js');
const { breakdown } = await import('./breakdown.store.js');
const { daily } = await import('./daily.store.js');

beforeEach(() => {
  server.calls.length = 0;
  server.blobs.length = 0;
  Object.assign(breakdown, { by: 'device', sort: 'impressions', order: 'desc', result: null });
  daily.start = '2026-11-01';
  daily.end = '2026-11-30';
});
afterEach(cleanup);

const bodyRows = async () => {
  const table = await screen.findByRole('grid', { name: /Figures by/ });
  await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(1));
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.querySelectorAll('[role=rowheader], [role=gridcell]')].map((c) => c.textContent));
};

describe('the Breakdown section', () => {
  it("loads the chart's days by device and shows each row's figures", async () => {
    render(<Breakdown campaign={{ id: 7, code: 'C7' }} />);
    expect(await bodyRows()).toEqual([
      ['mobile', '300', '6', '6', '2.00%', '50.00%'],
      ['desktop', '100', '3', '3', '3.00%', '0.00%'],
    ]);
    expect(server.calls[0]).toEqual({
      route: 'GET /api/admin/campaign/:id/breakdown',
      params: { id: 7 },
      query: { by: 'device', from: '2026-11-01', to: '2026-11-30', sort: 'impressions', order: 'desc' },
    });
  });

  it('switches dimension, sorts by a column and exports what it shows', async () => {
    render(<Breakdown campaign={{ id: 7, code: 'C7' }} />);
    await bodyRows();
    fireEvent.click(screen.getByRole('radio', { name: 'Article' }));
    await waitFor(() => expect(server.calls.at(-1)?.query.by).toBe('page'));
    await waitFor(async () => expect((await bodyRows())[0]![0]).toBe('/a'));
    // A new column sorts ascending first; pressed again, descending.
    fireEvent.click(screen.getByRole('columnheader', { name: /Conversion/ }));
    await waitFor(async () => expect((await bodyRows()).map((r) => r[0])).toEqual(['/a', '/b']));
    fireEvent.click(screen.getByRole('columnheader', { name: /Conversion/ }));
    await waitFor(async () => expect((await bodyRows()).map((r) => r[0])).toEqual(['/b', '/a']));
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(server.blobs).toHaveLength(1));
    expect(server.blobs[0]).toMatchObject({
      route: 'GET /api/admin/campaign/:id/breakdown/export',
      params: { id: 7 },
      query: { by: 'page', sort: 'conversion_rate', order: 'desc', from: '2026-11-01', to: '2026-11-30' },
    });
  });
});

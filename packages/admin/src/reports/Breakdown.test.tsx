import { breakdownFigures } from '@lead/contract';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Against a stand-in for the server (fetch): the requests the section makes, by path and query
 * (`blobs`: the files), answered as the server would for a few rows.
 */
const server = {
  calls: [] as Array<{ path: string; searchParams: Record<string, string> }>,
  blobs: [] as Array<{ path: string; searchParams: Record<string, string> }>,
};

const row = (value: string, label: string, impressions: number, leads: number, accepted = 0) => ({
  value,
  label,
  ...breakdownFigures({ impressions, leads, duplicates: 0, credited: 0, accepted }),
});

function answer(searchParams: Record<string, string>) {
  const rows =
    searchParams.by === 'page'
      ? [row('/a', '/a', 200, 4, 2), row('/b', '/b', 100, 5, 5)]
      : [row('mobile', 'mobile', 300, 6, 3), row('desktop', 'desktop', 100, 3)];
  // By source, the first row of many: the server sorted and cut them (the order asked decides which).
  const cut = searchParams.by === 'source';
  const first = searchParams.order === 'asc' ? row('sms', 'sms', 1, 0) : row('zalo', 'zalo', 900, 9);
  const figures = (impressions: number, leads: number) =>
    breakdownFigures({ impressions, leads, duplicates: 0, credited: 0, accepted: 0 });
  return {
    by: searchParams.by,
    rows: cut ? [first] : rows,
    other: cut ? { values: 19_900, ...figures(100, 1) } : null,
    total: figures(0, 0),
  };
}

beforeEach(() => {
  vi.stubGlobal('fetch', async (request: Request) => {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^.*\/api\/admin\//, '');
    const searchParams = Object.fromEntries(url.searchParams);
    if (path.endsWith('/export')) {
      server.blobs.push({ path, searchParams });
      return new Response('x', { headers: { 'content-type': 'text/csv' } });
    }
    server.calls.push({ path, searchParams });
    return Response.json({ _status: 1, _data: answer(searchParams), _messages: [] });
  });
});
afterEach(() => vi.unstubAllGlobals());

vi.mock('../lib/download.js', () => ({ saveBlob: vi.fn() }));

const { Breakdown } = await import('./Breakdown.js');
const { breakdown } = await import('./breakdown.store.js');

const C7 = { campaign: { id: 7, code: 'C7' } };
const NOVEMBER = { from: '2026-11-01', to: '2026-11-30' };

beforeEach(() => {
  server.calls.length = 0;
  server.blobs.length = 0;
  Object.assign(breakdown, { by: 'device', sort: 'impressions', order: 'desc', result: null, subject: null });
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
  it("loads the days by device and shows each row's figures", async () => {
    render(<Breakdown of={C7} days={NOVEMBER} />);
    expect(await bodyRows()).toEqual([
      ['mobile', '300', '6', '6', '2.00%', '50.00%'],
      ['desktop', '100', '3', '3', '3.00%', '0.00%'],
    ]);
    expect(server.calls[0]).toEqual({
      path: 'campaign/7/breakdown',
      searchParams: { by: 'device', from: '2026-11-01', to: '2026-11-30', sort: 'impressions', order: 'desc' },
    });
  });

  it('switches dimension, sorts by a column and exports what it shows', async () => {
    render(<Breakdown of={C7} days={NOVEMBER} />);
    await bodyRows();
    fireEvent.click(screen.getByRole('radio', { name: 'Article' }));
    await waitFor(() => expect(server.calls.at(-1)?.searchParams.by).toBe('page'));
    await waitFor(async () => expect((await bodyRows())[0]![0]).toBe('/a'));
    // A new column sorts ascending first; pressed again, descending.
    fireEvent.click(screen.getByRole('columnheader', { name: /Conversion/ }));
    await waitFor(async () => expect((await bodyRows()).map((r) => r[0])).toEqual(['/a', '/b']));
    fireEvent.click(screen.getByRole('columnheader', { name: /Conversion/ }));
    await waitFor(async () => expect((await bodyRows()).map((r) => r[0])).toEqual(['/b', '/a']));
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(server.blobs).toHaveLength(1));
    expect(server.blobs[0]).toMatchObject({
      path: 'campaign/7/breakdown/export',
      searchParams: { by: 'page', sort: 'conversion_rate', order: 'desc', from: '2026-11-01', to: '2026-11-30' },
    });
  });

  it('shows the rows past the first as one last row, and asks the server for a new order of them', async () => {
    render(<Breakdown of={C7} days={NOVEMBER} />);
    await bodyRows();
    fireEvent.click(screen.getByRole('radio', { name: 'Source' }));
    await waitFor(async () =>
      expect(await bodyRows()).toEqual([
        ['zalo', '900', '9', '9', '1.00%', '0.00%'],
        ['Other sources (19,900)', '100', '1', '1', '1.00%', '0.00%'],
      ]),
    );
    // Sorted the other way, the first rows are others: asked again, the other row still last.
    fireEvent.click(screen.getByRole('columnheader', { name: /Impressions/ }));
    await waitFor(() => expect(server.calls.at(-1)?.searchParams).toMatchObject({ by: 'source', order: 'asc' }));
    await waitFor(async () => expect((await bodyRows()).map((r) => r[0])).toEqual(['sms', 'Other sources (19,900)']));
  });

  it('asks for several campaigns together, over all days when none are given, and exports them', async () => {
    render(<Breakdown of={{ ids: [3, 4] }} days={{}} description="Of the 2 selected campaigns together, all time." />);
    await bodyRows();
    expect(server.calls[0]).toEqual({
      path: 'campaign/breakdown',
      searchParams: { ids: '3,4', by: 'device', sort: 'impressions', order: 'desc' },
    });
    screen.getByText('Of the 2 selected campaigns together, all time.');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(server.blobs).toHaveLength(1));
    expect(server.blobs[0]).toEqual({
      path: 'campaign/breakdown/export',
      searchParams: { ids: '3,4', by: 'device', sort: 'impressions', order: 'desc' },
    });
  });

  it('asks nothing while its days are not known', async () => {
    render(<Breakdown of={C7} days={null} />);
    await screen.findByRole('grid', { name: /Figures by/ });
    expect(server.calls).toEqual([]);
    expect(screen.getByRole('button', { name: 'Export CSV' }).hasAttribute('disabled')).toBe(true);
  });
});

import { breakdownFigures, EXPORT_MAX_CAMPAIGNS } from '@lead/contract';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Against a stand-in for the server (fetch, as the other screens' tests): every request the
 * section makes, by path and query, answered with one row.
 */
const calls: Array<{ path: string; searchParams: Record<string, string> }> = [];
const server = { calls };

const { default: ReportBreakdown } = await import('./ReportBreakdown.js');
const { breakdown } = await import('../../reports/breakdown.store.js');

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', async (request: Request) => {
    const url = new URL(request.url);
    const searchParams = Object.fromEntries(url.searchParams);
    calls.push({ path: url.pathname.replace(/^.*\/api\/admin\//, ''), searchParams });
    const figures = breakdownFigures({ impressions: 4, leads: 1, duplicates: 0, credited: 0, accepted: 0 });
    const row = { value: 'mobile', label: 'mobile', ...figures };
    return Response.json({ _status: 1, _data: { by: searchParams.by, rows: [row], other: null, total: figures } });
  });
  Object.assign(breakdown, { by: 'device', sort: 'impressions', order: 'desc', result: null, subject: null });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the Report view's Breakdown", () => {
  it('shows the campaigns on the page together when none is selected, over all time without a range', async () => {
    render(<ReportBreakdown selected={[]} onPage={[11, 12, 13]} from={null} to={null} />);
    await screen.findByText('Of the 3 campaigns on this page together, all time.');
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]).toEqual({
      path: 'campaign/breakdown',
      searchParams: { ids: '11,12,13', by: 'device', sort: 'impressions', order: 'desc' },
    });
    await screen.findByRole('rowheader', { name: 'mobile' });
  });

  it('shows the selected campaigns over the Performance range', async () => {
    render(<ReportBreakdown selected={[12]} onPage={[11, 12, 13]} from="2026-11-01" to="2026-11-30" />);
    await screen.findByText('Of the selected campaign, 01 Nov, 2026 – 30 Nov, 2026.');
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]!.searchParams).toEqual({
      ids: '12',
      by: 'device',
      from: '2026-11-01',
      to: '2026-11-30',
      sort: 'impressions',
      order: 'desc',
    });
  });

  it('asks for nothing past the most campaigns the server takes, and says so', async () => {
    const selected = Array.from({ length: EXPORT_MAX_CAMPAIGNS + 1 }, (_, i) => i + 1);
    render(<ReportBreakdown selected={selected} onPage={[11]} from={null} to={null} />);
    await screen.findByText(/The breakdown covers at most 200 campaigns at a time; 201 are selected\./);
    expect(server.calls).toEqual([]);
  });

  it('shows nothing without campaigns', () => {
    const { container } = render(<ReportBreakdown selected={[]} onPage={[]} from={null} to={null} />);
    expect(container.textContent).toBe('');
    expect(server.calls).toEqual([]);
  });
});

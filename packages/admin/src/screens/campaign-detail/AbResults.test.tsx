import type { AbResultsWire } from '@lead/contract';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AbResults } from './AbResults.js';

/** The queries the section asked with, against a stand-in for the server (fetch). */
let asked: Array<Record<string, string>> = [];
const arm = (id: number, name: string, leads: number, accepted: number, rate: number) => ({
  id,
  name,
  impressions: 1000,
  leads,
  accepted,
  conversion_rate: rate,
  uplift: id === 1 ? null : { expected: 0.1, low: -0.1, high: 0.3 },
  chance_to_beat_control: id === 1 ? null : 0.8,
});

beforeEach(() => {
  asked = [];
  vi.stubGlobal('fetch', async (request: Request) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    asked.push(query);
    const accepted = query.count === 'accepted';
    const answer: AbResultsWire = {
      count: accepted ? 'accepted' : 'leads',
      arms: [arm(1, 'Original', 100, 90, accepted ? 0.09 : 0.1), arm(2, 'Red', 150, 30, accepted ? 0.03 : 0.15)],
      enough_data: true,
      sample_ratio_p_value: 0.9,
      sample_ratio_mismatch: false,
    };
    return Response.json({ _status: 1, _data: answer, _messages: [] });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const rates = () =>
  within(screen.getByRole('grid', { name: 'A/B results' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('gridcell')[3]!.textContent);

describe('A/B results', () => {
  it('reads the test on all leads, or on the leads the client accepted when chosen', async () => {
    render(<AbResults test={{ id: 7, is_testing_running: true }} />);
    await waitFor(() => expect(rates()).toEqual(['10.00%', '15.00%']));
    expect(asked).toEqual([{}]);
    expect(screen.getByRole('columnheader', { name: 'Conversion rate' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Leads the client accepted' }));
    await waitFor(() => expect(rates()).toEqual(['9.00%', '3.00%']));
    expect(asked.at(-1)).toEqual({ count: 'accepted' });
    expect(screen.getByRole('columnheader', { name: 'Accepted rate' })).toBeTruthy();
  });
});

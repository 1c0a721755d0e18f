import type { LinkLead } from '@lead/contract/api';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { useHashLocation, useHashSearch } from '../../router/hash-location.js';
import LeadFileVerdictsScreen from './LeadFileVerdictsScreen.js';

/*
 * A lead file's verdict page against a stand-in for the network (fetch); the server's side of the
 * link (signature, expiry, the rules) is tested in packages/server/test/verdict-links.test.ts.
 */
const TOKEN = `v1.12.7.1796000000.${'A'.repeat(43)}`;
const calls: Array<{ method: string; path: string; body: unknown; auth: string | null }> = [];
let answer: { status: number; body: unknown } | null = null;
const lead = (over: Partial<LinkLead>): LinkLead => ({
  id: 1042,
  created_at: '2026-11-24 08:15:00',
  campaign: 'Heart check',
  name: 'Mai Tran',
  email: 'mai@mail.test',
  phone: '+84 912 345 100',
  verdict: null,
  reason: null,
  credited: false,
  ...over,
});
let leads: LinkLead[] = [];

beforeEach(() => {
  calls.length = 0;
  answer = null;
  leads = [lead({}), lead({ id: 1043, name: 'Lan Pham', email: 'lan@mail.test', verdict: 'accepted' })];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const body = request.method === 'POST' ? await request.json() : null;
    calls.push({
      method: request.method,
      path: new URL(request.url).pathname,
      body,
      auth: request.headers.get('authorization'),
    });
    if (answer) return Response.json(answer.body, { status: answer.status });
    if (request.method === 'POST') {
      leads = leads.map((l) => (l.id === 1042 ? { ...l, verdict: 'rejected', reason: 'fake', credited: true } : l));
      return Response.json({
        _status: 1,
        _data: { results: [{ lead_id: 1042, result: 'recorded', credited: true }] },
        _messages: [],
      });
    }
    const data = { client_name: 'Heartline', sent_at: null, expires_at: '2026-12-01 08:00:00', window_days: 7, leads };
    return Response.json({ _status: 1, _data: data, _messages: [] });
  });
  window.location.hash = `#/verdicts/${TOKEN}`;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderPage = () =>
  render(
    <Router hook={useHashLocation} searchHook={useHashSearch} hrefs={(href) => `#${href}`}>
      <Route path="/verdicts/:token">
        <LeadFileVerdictsScreen />
      </Route>
    </Router>,
  );

describe('a lead file’s verdict page', () => {
  it('shows the file’s leads and sends the verdicts chosen, with no session, to the link’s route', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Verdicts on the leads of Heartline' });
    expect(calls[0]).toMatchObject({ method: 'GET', path: `/api/client/v1/lead-files/${TOKEN}`, auth: null });
    expect(screen.getByRole('heading', { name: 'Lead 1042 · Mai Tran' })).toBeTruthy();
    expect(screen.getByText(/mai@mail.test · \+84 912 345 100 · Heart check/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Verdict on lead 1043/ }).textContent).toContain('Accepted');
    const send = screen.getByRole('button', { name: 'Send verdicts' });
    expect(send.hasAttribute('disabled') || send.getAttribute('aria-disabled') === 'true').toBe(true);

    await user.click(screen.getByRole('button', { name: /Verdict on lead 1042/ }));
    await user.click(screen.getByRole('option', { name: 'Rejected: fake' }));
    await user.click(screen.getByRole('button', { name: 'Send 1 verdict' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: `/api/client/v1/lead-files/${TOKEN}/verdicts`,
      body: { verdicts: [{ lead_id: 1042, verdict: 'rejected', reason: 'fake' }] },
      auth: null,
    });
    expect((await screen.findByText('1 verdict recorded, 1 credited.')).getAttribute('role')).toBe('status');
    expect(await screen.findByText('Credited: this lead is not billed.')).toBeTruthy();
  });

  it('says why a link shows nothing: the server’s words for an expired or altered one', async () => {
    answer = {
      status: 410,
      body: { _status: 0, message: 'This verdict link has expired: its window for verdicts is over.' },
    };
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This verdict link has expired: its window for verdicts is over.',
    );
    expect(screen.queryByRole('list', { name: 'Leads of the file' })).toBeNull();
  });

  it('says what is wrong with a link that is not one, not the generic words of a refusal', async () => {
    answer = {
      status: 422,
      body: {
        _status: 0,
        message: 'The given data was invalid.',
        _messages: ['This is not a verdict link.'],
        errors: { token: ['This is not a verdict link.'] },
      },
    };
    renderPage();
    // The page's first frame may still show the previous test's link (the store outlives a render).
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This is not a verdict link.'));
  });
});

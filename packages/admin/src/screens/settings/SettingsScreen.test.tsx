import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { useHashLocation, useHashSearch } from '../../router/hash-location.js';
import SettingsScreen from './SettingsScreen.js';

/*
 * The account's load against a stand-in for the network (fetch) that answers when the test says:
 * the browser journeys run the screen against the real server, where "still in flight" cannot be
 * made to happen on demand.
 */
const accountCalls: Array<{ request: Request; answer: () => void }> = [];
const user = {
  id: 7,
  first_name: 'Lan',
  last_name: 'Pham',
  email: 'lan@lead.test',
  avatar: null,
  status: 1,
  roles: [{ id: 3, name: 'campaign-member' }],
};

beforeEach(() => {
  accountCalls.length = 0;
  vi.stubGlobal(
    'fetch',
    (request: Request) =>
      new Promise<Response>((resolve, reject) => {
        if (!new URL(request.url).pathname.endsWith('/account'))
          return resolve(Response.json({ _status: 1, _data: { models: [] }, _messages: [] }));
        accountCalls.push({
          request,
          answer: () => resolve(Response.json({ _status: 1, _data: { model: user }, _messages: [] })),
        });
        request.signal.addEventListener('abort', () => reject(request.signal.reason as Error));
      }),
  );
  window.location.hash = '#/account-settings';
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SettingsScreen', () => {
  it('loads the account again when a link to the section already shown aborts the first load (it was never restarted)', async () => {
    render(
      <Router hook={useHashLocation} searchHook={useHashSearch} hrefs={(href) => `#${href}`}>
        <SettingsScreen />
      </Router>,
    );
    await waitFor(() => expect(accountCalls).toHaveLength(1));
    // Personal details is shown already; its link is another address ('?section=personal'): a navigation.
    await userEvent.click(screen.getByRole('link', { name: 'Personal details' }));
    await waitFor(() => expect(accountCalls[0]!.request.signal.aborted).toBe(true));
    await waitFor(() => expect(accountCalls).toHaveLength(2));
    accountCalls[1]!.answer();
    await screen.findByRole('heading', { name: 'Personal details' });
    expect(screen.getByRole('textbox', { name: /First name/ })).toHaveProperty('value', 'Lan');
  });
});

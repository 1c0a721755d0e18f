import type { Client, User } from '@lead/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { savedClient } from '@lead/contract/fixtures';
import { Route, Router } from 'wouter';
import { useHashLocation, useHashSearch } from '../../router/hash-location.js';
import { session } from '../../stores/session.js';
import ClientScreen from './ClientScreen.js';

/*
 * Who sees a client's VERDICTS tab (its verdict window and API keys): the admins who may change
 * the client, that is who hold every one of its sites; the server answers the others 403.
 */
const client: Client = savedClient();
const admin = (siteIds: number[]): User => ({
  id: 3,
  first_name: 'Lan',
  last_name: 'Pham',
  email: 'lan@lead.test',
  avatar: null,
  status: 1,
  roles: [{ id: 2, name: 'campaign-leader', display_name: 'Campaign leader', description: '' }],
  sites: siteIds.map((id) => ({ id, hostname: `site${id}.test` })),
  client_ids: [],
  created_at: '2026-11-24 08:00:00',
  hostname: null,
});

beforeEach(() => {
  vi.stubGlobal('fetch', async (request: Request) => {
    const path = new URL(request.url).pathname;
    const models = path === '/api/admin/clients' ? [client] : [];
    return Response.json({ _status: 1, _data: { models }, _messages: [] });
  });
  window.location.hash = '#/clients/7';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.user = null;
});

const renderPage = () =>
  render(
    <Router hook={useHashLocation} searchHook={useHashSearch} hrefs={(href) => `#${href}`}>
      <Route path="/clients/:id">
        <ClientScreen />
      </Route>
    </Router>,
  );

describe('the client page’s VERDICTS tab', () => {
  it('is there for an admin who holds every site of the client', async () => {
    session.user = admin([1, 2]);
    renderPage();
    await screen.findByRole('heading', { name: 'Heartline Clinic' });
    expect(screen.getByRole('tab', { name: 'VERDICTS' })).toBeTruthy();
  });

  it('is not there for an admin lacking one of its sites, who can change nothing of the client', async () => {
    session.user = admin([1]);
    renderPage();
    await screen.findByRole('heading', { name: 'Heartline Clinic' });
    expect(screen.getByRole('tab', { name: 'DESTINATIONS' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'VERDICTS' })).toBeNull();
  });
});

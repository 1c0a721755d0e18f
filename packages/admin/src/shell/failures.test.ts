import { Messages, type User } from '@lead/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call } from '../api/client.js';
import { onFailure, type Failure } from '../api/failures.js';
import { session, signIn } from '../stores/session.js';
import { toasts } from '../stores/ui.js';
import { showFailures } from './failures.js';

/*
 * The request client only requests: a failed call is reported once to api/failures.ts, and the
 * shell's subscriber (showFailures) turns it into the notices and, for 401 and 403, the end of
 * the session. The network is a stand-in (fetch) answering what each test needs.
 */
const answer = (status: number, body: unknown) =>
  vi.stubGlobal('fetch', () => Promise.resolve(Response.json(body, { status })));
const toastTitles = () => toasts.visibleToasts.map((t) => [t.content.title, t.content.description ?? '']);
const USER = {
  id: 1,
  email: 'a@example.com',
  first_name: 'A',
  last_name: 'B',
  roles: [],
  sites: [],
} as unknown as User;

let heard: Failure[] = [];
let stop: Array<() => void> = [];
beforeEach(() => {
  heard = [];
  for (const t of toasts.visibleToasts) toasts.close(t.key);
  stop = [onFailure((f) => heard.push(f)), showFailures()];
});
afterEach(() => {
  for (const s of stop) s();
  vi.unstubAllGlobals();
});

describe('a failed call', () => {
  it('reaches the subscriber once, and the shell shows its notices in the product words', async () => {
    answer(422, {
      _status: -1,
      _data: null,
      _messages: ['Name is required'],
      message: 'The given data was invalid.',
      errors: { name: ['required'] },
    });
    await expect(call('POST /api/admin/campaign/:id/preview', { params: { id: 1 } })).rejects.toBeInstanceOf(ApiError);
    expect(heard).toEqual([
      { endsSession: false, notices: [{ title: 'The given data was invalid.', description: 'name: required' }] },
    ]);
    expect(toastTitles()).toEqual([['The given data was invalid.', 'name: required']]);
  });

  it('is reported before the caller hears of it', async () => {
    answer(500, { _status: -1, _data: null, _messages: [], message: Messages.somethingWrong });
    const seenAtCatch = await call('GET /api/admin/campaign').catch(() => heard.length);
    expect(seenAtCatch).toBe(1);
    expect(toastTitles()).toEqual([[Messages.somethingWrong, Messages.tryAgain]]);
  });

  it('stays silent with hideError: the caller shows it', async () => {
    answer(422, { _status: -1, _data: null, _messages: ['Wrong password'], message: 'Wrong password' });
    const error = await call('GET /api/admin/account', { hideError: true }).catch((e: unknown) => e);
    expect((error as ApiError).body?.message).toBe('Wrong password');
    expect(heard).toEqual([{ endsSession: false, notices: [] }]);
    expect(toastTitles()).toEqual([]);
  });

  it('ends the session on 401 and goes to login, even with hideError', async () => {
    signIn('token-1', USER);
    answer(401, { _status: -1, _data: null, _messages: ['Unauthenticated.'], message: 'Unauthenticated.' });
    await expect(call('GET /api/admin/account', { hideError: true })).rejects.toMatchObject({ status: 401 });
    expect(session.token).toBeNull();
    expect(localStorage.getItem('lead.access_token')).toBeNull();
    expect(window.location.hash).toBe('#/login');
    expect(toastTitles()).toEqual([]);
  });

  it('ends the session on 403 and shows why', async () => {
    signIn('token-2', USER);
    answer(403, { _status: -1, _data: null, _messages: ['Forbidden'], message: 'Forbidden' });
    await expect(call('DELETE /api/admin/clients/:id', { params: { id: 3 } })).rejects.toMatchObject({ status: 403 });
    expect(session.token).toBeNull();
    expect(window.location.hash).toBe('#/login');
    expect(toastTitles()).toEqual([['Forbidden', Messages.tryAgain]]);
  });

  it('leaves a signed-out page where it is on 401 (a wrong sign-in)', async () => {
    window.location.hash = '#/forgot-password';
    answer(401, { _status: -1, _data: null, _messages: [], message: 'Unauthenticated.' });
    await expect(call('GET /api/admin/config', { hideError: true })).rejects.toMatchObject({ status: 401 });
    expect(window.location.hash).toBe('#/forgot-password');
  });

  it('is no longer heard after unsubscribing', async () => {
    for (const s of stop) s();
    stop = [];
    answer(500, { _status: -1, _data: null, _messages: [], message: Messages.somethingWrong });
    await expect(call('GET /api/admin/campaign')).rejects.toBeInstanceOf(ApiError);
    expect(heard).toEqual([]);
    expect(toastTitles()).toEqual([]);
  });
});

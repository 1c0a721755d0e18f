import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Client from '../../api/client.js';
import { toasts } from '../../stores/ui.js';
import { chooseLayout } from './design.actions.js';
import { save, startCreate } from './save.js';
import { builder } from './state.js';
import { addLink, setLinkDraft } from './target.actions.js';

/*
 * A save in edit mode is confirmed with the spec's toast, 'Campaign has been updated!', and which
 * campaign it is about: the list it returns to may not show that campaign. The API client answers
 * as the server does (its own rules: api/client.test.ts).
 */
const calls = vi.hoisted(() => [] as Array<{ method: string; path: string }>);
vi.mock('../../api/client.js', async (original) => ({
  ...(await original<typeof Client>()),
  api: (method: string, path: string) => {
    calls.push({ method, path });
    return method === 'PUT'
      ? Promise.resolve({ _status: 1, _data: { model: {} }, _messages: ['Campaign has been updated!'] })
      : new Promise(() => undefined);
  },
}));

beforeEach(() => {
  calls.length = 0;
  toasts.clear();
  startCreate(
    new URLSearchParams({ campaignName: 'Heart week', siteID: '1', siteURL: 'bacsi-online.vn', clientID: '4' }),
  );
  setLinkDraft('https://bacsi-online.vn/heart');
  addLink();
  chooseLayout('LightBoxB');
  Object.assign(builder, { mode: 'edit', id: 42 });
});
afterEach(() => {
  toasts.clear();
});

describe('saving an edited campaign', () => {
  it('says the spec’s words and names the campaign saved', async () => {
    await save();
    expect(calls[0]).toEqual({ method: 'PUT', path: 'campaign/42' });
    expect(toasts.visibleToasts.at(-1)?.content).toMatchObject({
      tone: 'success',
      title: 'Campaign has been updated!',
      description: '“Heart week” is saved.',
    });
  });
});

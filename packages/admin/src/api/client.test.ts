import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call } from './client.js';
import { showFailures } from '../shell/failures.js';
import { showLoading } from '../shell/loading.js';
import { toasts, ui } from '../stores/ui.js';

/*
 * The API client's own rules, against a stand-in for the network (fetch): the browser journeys
 * run it against the real server; here each rule is made to happen on demand.
 */
const requests: Request[] = [];
/** A fetch that never answers by itself: it fails only when its request is aborted. */
const hanging = (request: Request) =>
  new Promise<Response>((_, reject) => {
    requests.push(request);
    request.signal.addEventListener('abort', () => reject(request.signal.reason as Error));
  });

// The shell shows what the client reports (api/failures.ts, api/loading.ts), as in the app.
let stopShowing: Array<() => void> = [];
beforeAll(() => {
  stopShowing = [showLoading(), showFailures()];
});
afterAll(() => {
  for (const stop of stopShowing) stop();
});
beforeEach(() => {
  requests.length = 0;
  for (const t of toasts.visibleToasts) toasts.close(t.key);
  ui.loading = 0;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the API client', () => {
  it('drops empty parameters (undefined, null and the empty string) and keeps 0', async () => {
    vi.stubGlobal('fetch', (request: Request) => {
      requests.push(request);
      return Promise.resolve(Response.json({ _data: {}, message: 'ok' }));
    });
    await call('GET /api/admin/campaign', {
      query: { keyword: '', status: undefined, site_id: null, page: 0, client_id: 'x y' },
    });
    expect(new URL(requests[0]!.url).search).toBe('?page=0&client_id=x+y');
  });

  it("calls a route at its table's method and URL, its parameters encoded, with its query", async () => {
    vi.stubGlobal('fetch', (request: Request) => {
      requests.push(request);
      return Promise.resolve(Response.json({ _data: null, _messages: [] }));
    });
    await call('DELETE /api/admin/clients/:id/destinations/:destId', {
      // (a text where the route has a number: how a path segment is encoded)
      params: { id: 3, destId: 'a/b c' as unknown as number },
      hideLoading: true,
    });
    await call('GET /api/admin/campaign/:id/breakdown', { params: { id: 7 }, query: { by: 'device', from: null } });
    expect(requests.map((r) => [r.method, new URL(r.url).pathname + new URL(r.url).search])).toEqual([
      ['DELETE', '/api/admin/clients/3/destinations/a%2Fb%20c'],
      ['GET', '/api/admin/campaign/7/breakdown?by=device'],
    ]);
  });

  it('sends no call for a route whose path parameter has no value', async () => {
    vi.stubGlobal('fetch', hanging);
    await expect(call('GET /api/admin/campaign/:id', { params: { id: null! } })).rejects.toThrow('no value for :id');
    expect(requests).toHaveLength(0);
  });

  it('aborts every call in flight when the page changes, and shows no error for it (nor the overlay any more)', async () => {
    vi.stubGlobal('fetch', hanging);
    const pending = call('GET /api/admin/campaign');
    const quiet = call('GET /api/admin/campaign', { hideLoading: true });
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    // The overlay counts the call in flight, not the one with hideLoading.
    expect(ui.loading).toBe(1);
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await expect(quiet).rejects.toMatchObject({ name: 'AbortError' });
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(toasts.visibleToasts).toHaveLength(0);
    expect(ui.loading).toBe(0);
  });

  it('gives up after 60 seconds and says so', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', hanging);
    const pending = call('GET /api/admin/campaign');
    const outcome = pending.then(
      () => null,
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(59_999);
    expect(requests[0]!.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('The request timed out after 60 seconds.');
    expect(toasts.visibleToasts.map((t) => t.content.title)).toContain('The request timed out after 60 seconds.');
  });
});

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from './client.js';
import { showFailures } from '../shell/failures.js';
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

// The shell shows what the client reports (api/failures.ts), as in the app.
let stopShowing: () => void;
beforeAll(() => {
  stopShowing = showFailures();
});
afterAll(() => stopShowing());
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
  it('drops empty parameters (undefined, null and the empty string) and keeps 0 and false', async () => {
    vi.stubGlobal('fetch', (request: Request) => {
      requests.push(request);
      return Promise.resolve(Response.json({ _data: {}, message: 'ok' }));
    });
    await api('GET', 'campaign', { searchParams: { a: '', b: undefined, c: null, d: 0, e: false, f: 'x y' } });
    expect(new URL(requests[0]!.url).search).toBe('?d=0&e=false&f=x+y');
  });

  it('aborts every call in flight when the page changes, and shows no error for it', async () => {
    vi.stubGlobal('fetch', hanging);
    const call = api('GET', 'campaign');
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(toasts.visibleToasts).toHaveLength(0);
    expect(ui.loading).toBe(0);
  });

  it('gives up after 60 seconds and says so', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', hanging);
    const call = api('GET', 'campaign');
    const outcome = call.then(
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

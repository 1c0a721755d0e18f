import type { Envelope } from '@lead/contract';
import ky, { HTTPError, TimeoutError } from 'ky';
import { config } from '../config.js';
import { session } from '../stores/session.js';
import { endsSession, errorNotices, type ErrorBody } from './errors.js';
import { reportFailure } from './failures.js';
import { reportLoading } from './loading.js';

/** Every call in flight belongs to the current page: a navigation aborts them. */
let page = new AbortController();
export function abortPendingRequests(): void {
  page.abort(new DOMException('navigation', 'AbortError'));
  page = new AbortController();
}
// Registered before the app mounts, so it runs before the next screen starts its own calls.
window.addEventListener('hashchange', abortPendingRequests);

const http = ky.create({
  prefixUrl: new URL(config.apiBase.replace(/\/?$/, '/'), window.location.href).href,
  timeout: config.timeout,
  retry: 0,
  hooks: {
    beforeRequest: [
      (request) => {
        if (session.token) request.headers.set('Authorization', `Bearer ${session.token}`);
      },
    ],
  },
});

export interface CallOptions {
  json?: unknown;
  body?: FormData;
  searchParams?: Record<string, string | number | boolean | undefined | null>;
  /** No loading overlay for this call (background refreshes, typing). */
  hideLoading?: boolean;
  /** The caller shows the failure itself (the login dialog, the 'Opps!' dialog). */
  hideError?: boolean;
  signal?: AbortSignal;
}

/** A failed call: its HTTP status (0 when no answer came) and the error body, if any. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | null,
    message: string,
  ) {
    super(message);
  }
}

export const isAbort = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';

function clean(params: CallOptions['searchParams']): Record<string, string> | undefined {
  if (!params) return undefined;
  // Empty parameters are dropped.
  return Object.fromEntries(
    Object.entries(params).flatMap(([k, v]) => (v === undefined || v === null || v === '' ? [] : [[k, String(v)]])),
  );
}

async function send(method: string, path: string, options: CallOptions): Promise<Response> {
  const signal = options.signal ? AbortSignal.any([page.signal, options.signal]) : page.signal;
  if (!options.hideLoading) reportLoading(1);
  try {
    return await http(path.replace(/^\//, ''), {
      method,
      signal,
      ...(options.json !== undefined ? { json: options.json } : {}),
      ...(options.body ? { body: options.body } : {}),
      ...(options.searchParams ? { searchParams: clean(options.searchParams) } : {}),
    });
  } catch (error) {
    if (isAbort(error) || signal.aborted) throw new DOMException('aborted', 'AbortError');
    throw await toApiError(error, options);
  } finally {
    if (!options.hideLoading) reportLoading(-1);
  }
}

async function toApiError(error: unknown, options: CallOptions): Promise<ApiError> {
  let status = 0;
  let body: ErrorBody | null = null;
  let requestMessage: string | null = null;
  if (error instanceof HTTPError) {
    status = error.response.status;
    body = (await error.response.json().catch(() => null)) as ErrorBody | null;
  } else if (error instanceof TimeoutError) {
    requestMessage = `The request timed out after ${config.timeout / 1000} seconds.`;
  } else if (error instanceof Error) {
    requestMessage = error.message;
  }
  const notices = errorNotices(body, requestMessage);
  // The shell shows the notices and ends the session (api/failures.ts), before the caller hears of it.
  reportFailure({ endsSession: endsSession(status), notices: options.hideError ? [] : notices });
  return new ApiError(status, body, notices[0]!.title);
}

/** Calls the API and returns its envelope. Fails with ApiError (already reported to the shell, and shown unless hideError). */
export async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: CallOptions = {},
): Promise<Envelope<T>> {
  const response = await send(method, path, options);
  return (await response.json()) as Envelope<T>;
}

/** Calls the API and hands back the response to read as it arrives (lead export). */
export const apiResponse = (method: 'GET' | 'POST', path: string, options: CallOptions = {}): Promise<Response> =>
  send(method, path, options);

/** Calls the API for a file (CSV downloads). */
export async function apiBlob(method: 'GET' | 'POST', path: string, options: CallOptions = {}): Promise<Blob> {
  return (await send(method, path, options)).blob();
}

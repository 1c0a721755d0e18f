import type { Envelope } from '@lead/contract';
import {
  ADMIN_PREFIX,
  requestLine,
  type AdminRouteName,
  type AdminRouteOf,
  type CallData,
  type CallRequest,
} from '@lead/contract/api';
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

/** How a call is made: its overlay and its errors, and a signal of its own. */
export type CallFlags = Pick<CallOptions, 'hideLoading' | 'hideError' | 'signal'> & {
  /** A multipart body (uploads), for a route whose table declares no JSON body. */
  form?: FormData;
};

/** What a call of route N takes: its request, typed by the route (left out when nothing is required), and its flags. */
export type CallArgs<N extends AdminRouteName> =
  object extends CallRequest<AdminRouteOf<N>>
    ? [request?: CallRequest<AdminRouteOf<N>> & CallFlags]
    : [request: CallRequest<AdminRouteOf<N>> & CallFlags];

function sendCall(name: AdminRouteName, request: object = {}): Promise<Response> {
  const { params, query, body, form, ...flags } = request as CallFlags & {
    params?: Record<string, unknown>;
    query?: CallOptions['searchParams'];
    body?: unknown;
  };
  const { method, url } = requestLine(name, params);
  return send(method, url.slice(ADMIN_PREFIX.length), {
    ...flags,
    ...(body !== undefined ? { json: body } : {}),
    ...(form ? { body: form } : {}),
    ...(query ? { searchParams: query } : {}),
  });
}

/**
 * Calls admin route `name` (`'GET /api/admin/campaign/:id'`, as its table names it) and returns its
 * envelope. Its path parameters are filled into the URL; its query, its body and the answer's
 * `_data` are the route's types. Fails with ApiError (already reported to the shell, and shown
 * unless hideError).
 */
export async function call<N extends AdminRouteName>(
  name: N,
  ...[request]: CallArgs<N>
): Promise<Envelope<CallData<N>>> {
  const response = await sendCall(name, request);
  return (await response.json()) as Envelope<CallData<N>>;
}

/** Calls a route and hands back the response to read as it arrives (lead export). */
export const callResponse = <N extends AdminRouteName>(name: N, ...[request]: CallArgs<N>): Promise<Response> =>
  sendCall(name, request);

/** Calls a route for a file (CSV downloads). */
export async function callBlob<N extends AdminRouteName>(name: N, ...[request]: CallArgs<N>): Promise<Blob> {
  return (await sendCall(name, request)).blob();
}

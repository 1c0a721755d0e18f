/**
 * One webhook request (docs/api/delivery.md, "The webhook"): the `lead.created` body, its Standard
 * Webhooks signature, and the POST itself, to an address checked again at connect.
 */
import { createHmac } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type BlockList } from 'node:net';
import { Agent, request } from 'undici';
import { isAllowedAddress } from '../lib/addresses.js';

/** The same lead to the same destination always carries this id, replays too: receivers drop repeats by it. */
export const webhookId = (leadId: number, destinationId: number): string => `lead_${leadId}_${destinationId}`;

/**
 * `webhook-signature`: `v1,` and the base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`, keyed with
 * the bytes after `whsec_` (base64); one per signing secret, space-separated (a rotation's 24 h).
 */
export function sign(secrets: readonly string[], id: string, timestamp: number, body: string): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');
      return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
    })
    .join(' ');
}

/** How much of an answer is kept (the attempts log shows it); more is not read. */
export const ANSWER_BYTES = 500;

export class ForbiddenAddress extends Error {
  constructor(readonly address: string) {
    super(`the receiver's address ${address} is private, loopback, link-local or metadata`);
  }
}

/**
 * An agent whose every connection resolves its host through the address check: a name that
 * resolved to a public address when saved and to 169.254.169.254 now (DNS rebinding) fails here.
 */
export function guardedAgent(allow: BlockList, timeoutMs: number): Agent {
  const lookup = (
    hostname: string,
    options: object,
    callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { ...options, all: true, verbatim: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const bad = addresses.find((a) => !isAllowedAddress(a.address, allow));
      if (bad) return callback(new ForbiddenAddress(bad.address), []);
      const wantsAll = (options as { all?: boolean }).all;
      if (wantsAll) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
  return new Agent({
    connect: { lookup: lookup as never, timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    keepAliveTimeout: 4_000,
  });
}

export interface PostResult {
  status: number | null;
  /** The first ANSWER_BYTES of a failed answer, or why there was no answer. */
  error: string | null;
  durationMs: number;
  /** The first ANSWER_BYTES of the answer, 2xx or not (null: none came); kept only for a test event. */
  answer?: string | null;
}

/** How much of a request the attempts log keeps. */
export const REQUEST_BYTES = 500;

/**
 * What the attempts log keeps of a request: method and URL, `webhook-id` and the event's type;
 * `sample` (a test event's body, no person's data) after them. Never a lead's body: it holds a person.
 */
export function requestExcerpt(url: string, id: string, type: string, sample?: string): string {
  const text = [`POST ${url}`, `webhook-id: ${id}`, `type: ${type}`, ...(sample ? ['', sample] : [])].join('\n');
  return Buffer.from(text, 'utf8')
    .subarray(0, REQUEST_BYTES)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
}

/**
 * POSTs `body` to `url`, no redirect followed (a 3xx is a failure like any other), within
 * `timeoutMs` in all; reads at most ANSWER_BYTES of the answer, 2xx or not. Never throws.
 */
export async function post(
  agent: Agent,
  url: string,
  headers: Record<string, string>,
  body: string,
  allow: BlockList,
  timeoutMs: number,
  clock: () => number = performance.now.bind(performance),
): Promise<PostResult> {
  const started = clock();
  const took = () => Math.max(0, Math.round(clock() - started));
  try {
    // An address in the URL is never looked up: it is checked here instead.
    const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
    if (isIP(host) && !isAllowedAddress(host, allow)) throw new ForbiddenAddress(host);
    const res = await request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Lead-Webhooks/1', ...headers },
      body,
      dispatcher: agent,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const ok = res.statusCode >= 200 && res.statusCode < 300;
    const answer = noNul((await readAnswer(res.body)).toString('utf8'));
    return { status: res.statusCode, error: ok ? null : answer, durationMs: took(), answer };
  } catch (e) {
    return { status: null, error: noNul(describe(e)), durationMs: took() };
  }
}

/**
 * The first ANSWER_BYTES of an answer, whatever its status: reading stops there and the connection
 * is closed (a receiver streaming 100 MB costs us one socket read, not 100 MB). A body that
 * breaks off (a reset, the time limit) keeps what came: the status has been answered.
 */
async function readAnswer(body: AsyncIterable<Buffer> & { destroy(): unknown }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= ANSWER_BYTES) break;
    }
  } catch {
    // What came is the answer.
  } finally {
    body.destroy();
  }
  return Buffer.concat(chunks).subarray(0, ANSWER_BYTES);
}

/** A text column holds no NUL (PostgreSQL refuses it): a receiver's binary answer is kept readable, and its delivery goes on. */
const noNul = (text: string): string => text.replace(/\0/g, '\uFFFD');

/** Why a request got no answer, in a line (never the body we sent: it holds the lead). */
function describe(e: unknown): string {
  if (e instanceof ForbiddenAddress) return e.message;
  const err = e as { name?: string; code?: string; message?: string; cause?: { code?: string; message?: string } };
  if (
    err.name === 'TimeoutError' ||
    err.name === 'AbortError' ||
    err.code === 'UND_ERR_HEADERS_TIMEOUT' ||
    err.code === 'UND_ERR_BODY_TIMEOUT'
  )
    return 'timed out';
  if (err.cause instanceof ForbiddenAddress) return err.cause.message;
  const code = err.code ?? err.cause?.code;
  return (code ? `${code}: ` : '') + (err.message ?? String(e)).slice(0, 200);
}

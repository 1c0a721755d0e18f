/**
 * The test event (docs/api/delivery.md, "The test event"): a `lead.test` body of sample data,
 * signed and posted exactly as a lead's (`sign`, `post` through the guarded agent), and recorded in
 * the attempts log with its request and answer. It changes nothing else: no delivery, and not the
 * destination's state or health.
 */
import { randomUUID } from 'node:crypto';
import type { BlockList } from 'node:net';
import type { Client } from '@lead/contract';
import { LeadTestV1 } from '@lead/contract/api';
import type { Agent } from 'undici';
import type { Executor } from '../db/types.js';
import { pick } from '../repositories/columns.js';
import { utc } from './payload.js';
import { post, requestExcerpt, sign, type PostResult } from './webhook.js';

type WebhookClient = LeadTestV1['data']['client'];
/** The webhook's client object: its schema's keys, each read from the client as the admin API answers it. */
const clientKeys = Object.keys(LeadTestV1.properties.data.properties.client.properties) as Array<
  keyof WebhookClient & keyof Client
>;
export const webhookClient = (client: Client): WebhookClient => pick(client, clientKeys);

/** Made-up answers only: example.com (RFC 2606) and a number of the range kept for fiction (+1 555 0100–0199). */
export function testEvent(
  now: Date,
  o: {
    client: WebhookClient;
    site: { id: number; name: string };
    destination: { id: number; name: string };
  },
): LeadTestV1 {
  const at = utc(now);
  return {
    type: 'lead.test',
    timestamp: at,
    data: {
      lead: {
        id: 0,
        created_at: at,
        page_url: `https://${o.site.name}/`,
        variant: null,
        duplicate: false,
        fields: [
          { key: 'name', label: 'Name', value: 'Test Person' },
          { key: 'email', label: 'Email', value: 'test.person@example.com' },
          { key: 'phone', label: 'Phone', value: '+15555550100' },
        ],
        phone_e164: '+15555550100',
        consent_hash: null,
      },
      campaign: { id: 0, code: 'TEST', name: 'Test event' },
      site: o.site,
      client: o.client,
      destination: o.destination,
    },
  };
}

export interface TestAttempt {
  at: Date;
  webhookId: string;
  request: string;
  result: PostResult;
}

/** Signs and posts `event` to `url` with the destination's secrets now (current first); never throws. */
export async function sendTestEvent(
  o: { agent: Agent; allow: BlockList; timeoutMs: number; now: () => Date },
  url: string,
  secrets: readonly string[],
  event: LeadTestV1,
): Promise<TestAttempt> {
  const body = JSON.stringify(event);
  const webhookId = `test_${randomUUID()}`;
  const at = o.now();
  const timestamp = Math.floor(at.getTime() / 1000);
  const result: PostResult = secrets.length
    ? await post(
        o.agent,
        url,
        {
          'webhook-id': webhookId,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': sign(secrets, webhookId, timestamp, body),
        },
        body,
        o.allow,
        o.timeoutMs,
      )
    : { status: null, error: 'no signing secret', durationMs: 0, answer: null };
  return { at, webhookId, request: requestExcerpt(url, webhookId, event.type, body), result };
}

/** The attempt in the destination's log (lead none, event `lead.test`); answers its id. */
export async function recordTestAttempt(db: Executor, destinationId: number, a: TestAttempt): Promise<number> {
  const row = await db
    .insertInto('delivery_attempts')
    .values({
      destination_id: destinationId,
      lead_id: null,
      at: a.at,
      status: a.result.status,
      error: a.result.error,
      duration_ms: a.result.durationMs,
      next_attempt_at: null,
      event: 'lead.test',
      request: a.request,
      answer: a.result.answer ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

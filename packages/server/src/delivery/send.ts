/**
 * The webhook worker's request (delivery/worker.ts): a claimed delivery's lead event, signed with
 * the destination's secrets and posted to its URL within the timeout, through the agent that
 * refuses private addresses. Nothing is written here.
 */
import type { BlockList } from 'node:net';
import type { Kysely } from 'kysely';
import type { Agent } from 'undici';
import type { DB } from '../db/types.js';
import type { ClaimedDelivery } from '../repositories/deliveries.js';
import { leadEvent, leadValues } from './payload.js';
import { post, requestExcerpt, sign, webhookId, type PostResult } from './webhook.js';

/** A destination's URL and the secrets it signs with now, current first (undefined once it is deleted). */
export type Target = { url: string | null; secrets: string[] } | undefined;

/** A request made: its answer, the request as the attempts log shows it, and the lead's values (kept out of the log). */
export interface Sent {
  result: PostResult;
  request: string;
  values: string[];
}

export interface SendOptions {
  db: Kysely<DB>;
  agent: Agent;
  allow: BlockList;
  timeoutMs: number;
  now: () => Date;
}

/** Posts the delivery's lead event; null when the lead or the destination is gone (nothing to send). */
export async function send(o: SendOptions, c: ClaimedDelivery, destination: Target): Promise<Sent | null> {
  // The client the lead came for: its delivery's destination's (a campaign moved since names another).
  const event = destination?.url ? await leadEvent(o.db, c.lead_id, c.destination_id) : undefined;
  if (!destination?.url || !event) return null;
  const { secrets } = destination;
  const body = JSON.stringify(event);
  const id = webhookId(c.lead_id, c.destination_id);
  const timestamp = Math.floor(o.now().getTime() / 1000);
  const result: PostResult = secrets.length
    ? await post(
        o.agent,
        destination.url,
        {
          'webhook-id': id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': sign(secrets, id, timestamp, body),
        },
        body,
        o.allow,
        o.timeoutMs,
      )
    : { status: null, error: 'no signing secret', durationMs: 0 };
  return { result, request: requestExcerpt(destination.url, id, event.type), values: leadValues(event) };
}

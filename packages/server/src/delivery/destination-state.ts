/**
 * A webhook destination's state as the worker changes it: paused after an hour of failures,
 * disabled by a 410, resumed by a success; each change with a notice to admins in System history.
 */
import type { Executor } from '../db/types.js';
import { html } from '../lib/html.js';
import { recordHistory } from '../repositories/history.js';

/** A paused destination answers again: it is active, with a notice. Answers whether it was paused. */
export async function resumeDestination(trx: Executor, destinationId: number): Promise<boolean> {
  const resumed = await trx
    .updateTable('destinations')
    .set({ state: 'active' })
    .where('id', '=', destinationId)
    .where('state', '=', 'paused')
    .returning('id')
    .execute();
  if (resumed.length) await notice(trx, destinationId, 'answers again: it is resumed and its waiting leads go now');
  return resumed.length > 0;
}

/** Pauses or disables a destination, saying why in System history. */
export async function setDestinationState(
  trx: Executor,
  destinationId: number,
  state: 'paused' | 'disabled',
  now: Date,
  why: string,
): Promise<void> {
  await trx.updateTable('destinations').set({ state, updated_at: now }).where('id', '=', destinationId).execute();
  await notice(trx, destinationId, why);
}

/** A notice to admins in System history (no user): which webhook of which client, and why. */
async function notice(trx: Executor, destinationId: number, why: string): Promise<void> {
  const row = await trx
    .selectFrom('destinations as t')
    .innerJoin('clients as c', 'c.id', 't.client_id')
    .select([
      't.name',
      'c.name as client',
      (eb) =>
        eb
          .selectFrom('client_sites')
          .select('site_id')
          .whereRef('client_id', '=', 'c.id')
          .orderBy('site_id')
          .limit(1)
          .as('site_id'),
    ])
    .where('t.id', '=', destinationId)
    .executeTakeFirst();
  if (!row) return;
  await recordHistory(trx, {
    userId: null,
    siteId: row.site_id ?? null,
    icon: 'status',
    text: html`Webhook <b>${row.name}</b> of client <b>${row.client}</b> ${why}.`,
  });
}

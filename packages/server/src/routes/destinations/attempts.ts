import { Messages } from '@lead/contract';
import { ADMIN_PREFIX, deliveriesApi } from '@lead/contract/api';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import { html } from '../../lib/html.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { Temporal } from 'temporal-polyfill';
import { fromWire } from '../../lib/time.js';
import { wirePath, wireSchema } from '../../lib/wire.js';
import { attemptsPage, replayDeliveries } from '../../repositories/deliveries.js';
import { recordHistory } from '../../repositories/history.js';
import type { DestinationRouteOptions } from './index.js';

export const ReplayErrors = {
  noScope: 'Choose the leads to send again: lead ids, a campaign, a date range, or the failed ones.',
  notWebhook: "Only a webhook's leads can be sent again.",
  badRange: 'The date range is not valid.',
} as const;

/** A bound of the range: 'YYYY-MM-DD' is the whole day (`to` takes in its day), with a time that second. */
function bound(value: string, timeZone: string, end: boolean): Date | null {
  const v = value.trim();
  if (!end) return fromWire(v, timeZone);
  if (v.length === 10) {
    const at = fromWire(v, timeZone);
    return at && fromWire(Temporal.PlainDate.from(v).add({ days: 1 }).toString(), timeZone);
  }
  const at = fromWire(v, timeZone);
  return at && new Date(at.getTime() + 1000);
}

/** A destination's attempts log, and replay (one lead, the failed ones, a campaign's, a date range). */
const routes: FastifyPluginAsyncTypebox<DestinationRouteOptions> = async (app, opts) => {
  const config = { access: 'admin' as const, wire: true };
  const { attempts, replay } = deliveriesApi;

  app.get(wirePath(attempts, 'GET', ADMIN_PREFIX), { config, schema: wireSchema(attempts) }, async (request) => {
    const client = await app.clients.findChangeable(request.user, request.params.id);
    const destination = await app.destinations.find(client.id, request.params.destId);
    if (!destination) throw notFound();
    const limit = request.query.limit ?? 100;
    const models = await attemptsPage(app.db, destination.id, limit, opts.timeZone, request.query.before_id);
    return ok({ models, next_before_id: models.length === limit ? models[models.length - 1]!.id : null });
  });

  app.post(wirePath(replay, 'POST', ADMIN_PREFIX), { config, schema: wireSchema(replay) }, async (request) => {
    const b = request.body;
    const row = await app.db
      .selectFrom('destinations')
      .select(['id', 'client_id'])
      .where('id', '=', b.destination_id)
      .executeTakeFirst();
    if (!row) throw notFound();
    const client = await app.clients.findChangeable(request.user, row.client_id);
    const destination = (await app.destinations.find(client.id, row.id))!;
    if (destination.kind !== 'webhook')
      throw HttpError.validation({ destination_id: [ReplayErrors.notWebhook] }, ReplayErrors.notWebhook);
    if (!b.lead_ids && b.campaign_id === undefined && !b.from && !b.to && !b.failed_only) {
      throw HttpError.validation({ lead_ids: [ReplayErrors.noScope] }, ReplayErrors.noScope);
    }
    const from = b.from ? bound(b.from, opts.timeZone, false) : undefined;
    const to = b.to ? bound(b.to, opts.timeZone, true) : undefined;
    if (from === null || to === null || (from && to && from >= to))
      throw HttpError.validation({ from: [ReplayErrors.badRange] }, ReplayErrors.badRange);
    const queued = await app.db.transaction().execute(async (trx) => {
      const queued = await replayDeliveries(trx, {
        destination,
        ...(b.lead_ids ? { leadIds: b.lead_ids } : {}),
        ...(b.campaign_id !== undefined ? { campaignId: b.campaign_id } : {}),
        ...(from ? { from } : {}),
        ...(to ? { to } : {}),
        failedOnly: b.failed_only === true,
        now: app.delivery.now(),
      });
      const what = [
        b.failed_only ? 'the failed leads' : 'leads',
        b.lead_ids ? ` ${b.lead_ids.length === 1 ? `#${b.lead_ids[0]}` : `(${b.lead_ids.length} chosen)`}` : '',
        b.campaign_id !== undefined ? ` of campaign #${b.campaign_id}` : '',
        b.from ? ` from ${b.from}` : '',
        b.to ? ` to ${b.to}` : '',
      ].join('');
      await recordHistory(trx, {
        userId: request.user.id,
        siteId: client.site_ids[0] ?? null,
        icon: 'update',
        text: html`Sent ${what} again to webhook <b>${destination.name}</b> of client <b>${client.name}</b>: ${queued} queued.`,
      });
      return queued;
    });
    app.delivery.wake();
    return ok({ queued }, queued ? Messages.saved : 'No leads to send again.');
  });
};

export default routes;

import { type Client, type DestinationInput, destinationErrors, type FieldErrors, Messages } from '@lead/contract';
import { ADMIN_PREFIX, deliveriesApi } from '@lead/contract/api';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { BlockList } from 'node:net';
import { checkHost } from '../../lib/addresses.js';
import { ok } from '../../lib/envelope.js';
import { html } from '../../lib/html.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { wirePath, wireSchema } from '../../lib/wire.js';
import type { AuthUser } from '../../plugins/auth.js';
import { recordHistory } from '../../repositories/history.js';
import attempts from './attempts.js';
import testEvent from './test-event.js';

export interface DestinationRouteOptions {
  timeZone: string;
  /** http:// to this machine is accepted (development and tests). */
  allowHttpLocalhost: boolean;
  /** Private receivers webhooks may reach (DELIVERY_ALLOW_PRIVATE). */
  allowPrivate: BlockList;
  /** A test event's request limit (DELIVERY_TIMEOUT_MS, as a lead's). */
  timeoutMs: number;
}

export const DestinationErrors = {
  campaignsNotClients: "Every chosen campaign must be one of the client's.",
  hostUnresolved: "The url's host could not be found.",
  hostForbidden:
    'The url leads to a private, loopback, link-local or metadata address; webhooks go only to public receivers.',
  notWebhook: 'Only a webhook has a signing secret.',
} as const;

const kindLabel = (d: { kind: string }) => (d.kind === 'webhook' ? 'webhook' : 'scheduled file');

/**
 * A client's destinations (docs/api/delivery.md): admins only, and a limited admin only for clients
 * all of whose sites they hold (clients.findChangeable). Every change goes into System history,
 * never with a secret in it.
 */
const routes: FastifyPluginAsyncTypebox<DestinationRouteOptions> = async (app, opts) => {
  const config = { access: 'admin' as const, wire: true };

  /** The save rules (contract), the campaigns (the client's own), and where a webhook's host resolves. */
  async function validate(client: Client, p: DestinationInput) {
    const errors: FieldErrors = destinationErrors(p, { allowHttpLocalhost: opts.allowHttpLocalhost }) ?? {};
    if (p.campaign_ids?.length && (await app.destinations.foreignCampaigns(client.id, p.campaign_ids)).length) {
      (errors.campaign_ids ??= []).push(DestinationErrors.campaignsNotClients);
    }
    if (p.kind === 'webhook' && !errors.url) {
      const host = await checkHost(new URL(p.url!.trim()).hostname, opts.allowPrivate);
      if (!host.ok)
        errors.url = [
          host.reason === 'unresolved' ? DestinationErrors.hostUnresolved : DestinationErrors.hostForbidden,
        ];
    }
    if (Object.keys(errors).length) throw HttpError.validation(errors, Object.values(errors)[0]![0]!);
  }

  async function destinationOf(user: AuthUser, clientId: number, destId: number) {
    const client = await app.clients.findChangeable(user, clientId);
    const destination = await app.destinations.find(client.id, destId);
    if (!destination) throw notFound();
    return { client, destination };
  }

  const { list, create, update, remove, rotateSecret } = deliveriesApi;

  app.get(wirePath(list, 'GET', ADMIN_PREFIX), { config, schema: wireSchema(list) }, async (request) => {
    const client = await app.clients.findChangeable(request.user, request.params.id);
    return ok({ models: await app.destinations.list(client.id) });
  });

  app.post(wirePath(create, 'POST', ADMIN_PREFIX), { config, schema: wireSchema(create) }, async (request) => {
    const client = await app.clients.findChangeable(request.user, request.params.id);
    const p = request.body;
    await validate(client, p);
    const { id, secret } = await app.db.transaction().execute(async (trx) => {
      const id = await app.destinations.insert(client.id, p, trx);
      const secret = p.kind === 'webhook' ? await app.destinations.rotateSecret(id, trx) : undefined;
      await recordHistory(trx, {
        userId: request.user.id,
        siteId: client.site_ids[0] ?? null,
        icon: 'create',
        text: html`Added the ${kindLabel(p)} destination <b>${p.name.trim()}</b> for client <b>${client.name}</b>.`,
      });
      return { id, secret };
    });
    const model = (await app.destinations.find(client.id, id))!;
    return ok(secret ? { model, secret } : { model }, Messages.saved);
  });

  app.put(wirePath(update, 'PUT', ADMIN_PREFIX), { config, schema: wireSchema(update) }, async (request) => {
    const { client, destination } = await destinationOf(request.user, request.params.id, request.params.destId);
    const p = request.body;
    await validate(client, p);
    await app.db.transaction().execute(async (trx) => {
      await app.destinations.update(destination.id, p, trx);
      // A webhook made from a scheduled file needs its first secret; it is shown on rotation.
      if (
        p.kind === 'webhook' &&
        destination.kind !== 'webhook' &&
        (await app.destinations.signingSecrets(destination.id)).length === 0
      ) {
        await app.destinations.rotateSecret(destination.id, trx);
      }
      await recordHistory(trx, {
        userId: request.user.id,
        siteId: client.site_ids[0] ?? null,
        icon: 'update',
        text: html`Updated the ${kindLabel(p)} destination <b>${p.name.trim()}</b> of client <b>${client.name}</b>${destination.state === 'active' ? '' : ' (resumed)'}.`,
      });
    });
    return ok({ model: (await app.destinations.find(client.id, destination.id))! }, Messages.updated);
  });

  app.delete(wirePath(remove, 'DELETE', ADMIN_PREFIX), { config, schema: wireSchema(remove) }, async (request) => {
    const { client, destination } = await destinationOf(request.user, request.params.id, request.params.destId);
    await app.db.transaction().execute(async (trx) => {
      await app.destinations.delete(destination.id, trx);
      await recordHistory(trx, {
        userId: request.user.id,
        siteId: client.site_ids[0] ?? null,
        icon: 'delete',
        text: html`Deleted the ${kindLabel(destination)} destination <b>${destination.name}</b> of client <b>${client.name}</b>.`,
      });
    });
    return ok(null, 'Destination has been deleted!');
  });

  app.post(
    wirePath(rotateSecret, 'POST', ADMIN_PREFIX),
    { config, schema: wireSchema(rotateSecret) },
    async (request) => {
      const { client, destination } = await destinationOf(request.user, request.params.id, request.params.destId);
      if (destination.kind !== 'webhook')
        throw HttpError.validation({ kind: [DestinationErrors.notWebhook] }, DestinationErrors.notWebhook);
      const secret = await app.db.transaction().execute(async (trx) => {
        const secret = await app.destinations.rotateSecret(destination.id, trx);
        await recordHistory(trx, {
          userId: request.user.id,
          siteId: client.site_ids[0] ?? null,
          icon: 'update',
          text: html`Rotated the signing secret of webhook <b>${destination.name}</b> of client <b>${client.name}</b>; the previous one signs beside it for 24 hours.`,
        });
        return secret;
      });
      return ok({ secret });
    },
  );

  await app.register(attempts, opts);
  await app.register(testEvent, opts);
};

export default routes;

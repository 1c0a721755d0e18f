import { ADMIN_PREFIX, deliveriesApi } from '@lead/contract/api';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { checkHost } from '../../lib/addresses.js';
import { ok } from '../../lib/envelope.js';
import { HttpError, notFound, tooManyRequests } from '../../lib/http-error.js';
import { RateLimiter } from '../../runtime/rate-limit.js';
import { wirePath, wireSchema } from '../../lib/wire.js';
import { attemptsPage } from '../../repositories/deliveries.js';
import { recordTestAttempt, sendTestEvent, testEvent, webhookClient } from '../../delivery/test-event.js';
import { guardedAgent } from '../../delivery/webhook.js';
import type { DestinationRouteOptions } from './index.js';

export const TestEventErrors = {
  notWebhook: 'Only a webhook can be sent a test event.',
  hostUnresolved: "The url's host could not be found.",
  hostForbidden:
    'The url leads to a private, loopback, link-local or metadata address; webhooks go only to public receivers.',
} as const;

/** Test events a destination may be sent in a minute: a receiver is not to be flooded from the admin. */
export const TEST_EVENTS_PER_MINUTE = 10;

/**
 * POST …/destinations/:destId/test: a signed `lead.test` event to a webhook, now, whatever its
 * state (a paused one too: the test says whether its receiver answers again). Its address is
 * checked before (a refused one is a 422, nothing sent or recorded) and again at connect, as a
 * lead's. The answer is the attempt, recorded in the destination's log, delivered or not.
 */
const routes: FastifyPluginAsyncTypebox<DestinationRouteOptions> = async (app, opts) => {
  const config = { access: 'admin' as const, wire: true };
  const { sendTest } = deliveriesApi;
  const agent = guardedAgent(opts.allowPrivate, opts.timeoutMs);
  const limiter = new RateLimiter(TEST_EVENTS_PER_MINUTE, 60_000, () => app.delivery.now().getTime());
  app.addHook('onClose', async () => agent.close());

  app.post(wirePath(sendTest, 'POST', ADMIN_PREFIX), { config, schema: wireSchema(sendTest) }, async (request) => {
    const client = await app.clients.findChangeable(request.user, request.params.id);
    const destination = await app.destinations.find(client.id, request.params.destId);
    if (!destination) throw notFound();
    const wait = limiter.hit(String(destination.id));
    if (wait) throw tooManyRequests(wait);
    if (destination.kind !== 'webhook' || !destination.url)
      throw HttpError.validation({ kind: [TestEventErrors.notWebhook] }, TestEventErrors.notWebhook);
    const url = destination.url;
    const host = await checkHost(new URL(url).hostname, opts.allowPrivate);
    if (!host.ok) {
      const message = host.reason === 'unresolved' ? TestEventErrors.hostUnresolved : TestEventErrors.hostForbidden;
      throw HttpError.validation({ url: [message] }, message);
    }
    const site = client.sites[0];
    const event = testEvent(app.delivery.now(), {
      client: webhookClient(client),
      site: site ? { id: site.id, name: site.name } : { id: 1, name: 'example.com' },
      destination: { id: destination.id, name: destination.name },
    });
    const secrets = await app.destinations.signingSecrets(destination.id);
    const sent = await sendTestEvent(
      { agent, allow: opts.allowPrivate, timeoutMs: opts.timeoutMs, now: () => app.delivery.now() },
      url,
      secrets,
      event,
    );
    const id = await recordTestAttempt(app.db, destination.id, sent);
    const [model] = await attemptsPage(app.db, destination.id, 1, opts.timeZone, id + 1);
    const delivered = sent.result.status !== null && sent.result.status >= 200 && sent.result.status < 300;
    return ok(
      { model: model! },
      delivered
        ? `The test event was delivered (${sent.result.status}).`
        : `The test event was not delivered: ${sent.result.status ?? sent.result.error}.`,
    );
  });
};

export default routes;

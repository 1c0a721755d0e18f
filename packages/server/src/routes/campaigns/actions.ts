import { type AbResultsWire, CampaignStatus, CampaignType, Messages, testResult, timeframeError } from '@lead/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { html } from '../../lib/html.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { fromWire } from '../../lib/time.js';
import { check } from '../../lib/validate.js';
import type { AuthUser } from '../../plugins/auth.js';
import { recordHistory, statusWord } from '../../repositories/history.js';
import { wirePath, wireSchema } from '../../lib/wire.js';
import { ADMIN_PREFIX, campaignActionsApi } from '@lead/contract/api';
import { loadCampaign } from './shared.js';

export const WINNER_NOT_IN_TEST = 'The winner must be this A/B test or one of its variants.';

const StatusBody = Type.Object({ status: Type.Union([Type.Literal(1), Type.Literal(-1)]) });
const NameBody = Type.Object({ name: Type.String({ maxLength: 255 }) });

/** PUT /campaign/{id}?_status=1: activate (1) or deactivate (-1), as the row menu and the detail icon allow. */
export async function setStatus(app: FastifyInstance, user: AuthUser, id: number, body: unknown, now: () => Date) {
  const { status } = check(StatusBody, body);
  const row = await loadCampaign(app, user, id, status === CampaignStatus.Active ? 'activate' : 'deactivate');
  await app.db.transaction().execute(async (trx) => {
    await app.campaigns.update(row.id, { status, is_schedule: false, updated_at: now() }, trx);
    await recordHistory(trx, {
      userId: user.id,
      siteId: row.site_id,
      icon: 'status',
      text: html`${status === CampaignStatus.Active ? statusWord(status, 'Activated') : statusWord(CampaignStatus.Inactive, 'Deactivated')} campaign <b>${row.name}</b>.`,
    });
  });
  return ok({ model: (await app.campaigns.detail(row.id))! }, Messages.updated);
}

/** PUT /campaign/{id}?_name=1: 'You need to write something!' when empty. */
export async function rename(app: FastifyInstance, user: AuthUser, id: number, body: unknown, now: () => Date) {
  const { name } = check(NameBody, body);
  if (!name.trim()) throw HttpError.validation({ name: [Messages.renameEmpty] }, Messages.renameEmpty);
  const row = await loadCampaign(app, user, id, 'rename');
  await app.db.transaction().execute(async (trx) => {
    await app.campaigns.update(row.id, { name: name.trim(), updated_at: now() }, trx);
    await recordHistory(trx, {
      userId: user.id,
      siteId: row.site_id,
      icon: 'update',
      text: html`Renamed campaign <b>${row.name}</b> to <b>${name.trim()}</b>.`,
    });
  });
  return ok({ model: (await app.campaigns.detail(row.id))! }, 'Campaign has been renamed!');
}

const routes: FastifyPluginAsyncTypebox<{ timeZone: string; now: () => Date }> = async (app, { timeZone, now }) => {
  const detail = async (id: number) => (await app.campaigns.detail(id))!;

  app.post(
    wirePath(campaignActionsApi.clone, 'POST', ADMIN_PREFIX),
    { schema: wireSchema(campaignActionsApi.clone), config: { wire: true } },
    async (request) => {
      const source = await loadCampaign(app, request.user, request.params.id, 'duplicate');
      const errors: Record<string, string[]> = {};
      if (!request.body.name.trim()) errors.name = [Messages.campaignNameRequired];
      if (request.body.client_id === null || !(await app.clients.isOnSite(request.body.client_id, source.site_id)))
        errors.client_id = [Messages.clientRequired];
      if (Object.keys(errors).length) throw HttpError.validation(errors, Object.values(errors)[0]![0]);
      const id = await app.db.transaction().execute(async (trx) => {
        // A copy starts inactive, as a normal campaign, with no figures or leads.
        const id = await app.campaigns.copy(
          source,
          {
            name: request.body.name.trim(),
            client_id: request.body.client_id!,
            type: CampaignType.Normal,
            parent_id: null,
            status: CampaignStatus.Inactive,
            creator_id: request.user.id,
          },
          trx,
        );
        await recordHistory(trx, {
          userId: request.user.id,
          siteId: source.site_id,
          icon: 'clone',
          text: html`Duplicated campaign <b>${source.name}</b> as <b>${request.body.name.trim()}</b>.`,
        });
        return id;
      });
      return ok({ model: await detail(id) }, 'Duplicated done!');
    },
  );

  app.post(
    wirePath(campaignActionsApi.variants, 'POST', ADMIN_PREFIX),
    { schema: wireSchema(campaignActionsApi.variants), config: { wire: true } },
    async (request) => {
      const names = request.body.variant_names.map((n) => n.trim());
      const empty = names.findIndex((n) => !n);
      if (empty >= 0)
        throw HttpError.validation(
          { [`variant_names.${empty}`]: ['Every variant needs a name.'] },
          'Every variant needs a name.',
        );
      const test = await loadCampaign(app, request.user, request.params.id, 'ab_testing');
      const ids = await app.db.transaction().execute(async (trx) => {
        await app.campaigns.update(test.id, { type: CampaignType.AbTest, updated_at: now() }, trx);
        const ids: number[] = [];
        for (const name of names) {
          ids.push(
            await app.campaigns.copy(
              test,
              {
                name,
                client_id: test.client_id,
                type: CampaignType.Variant,
                parent_id: test.id,
                status: CampaignStatus.Inactive,
                creator_id: request.user.id,
              },
              trx,
            ),
          );
        }
        await recordHistory(trx, {
          userId: request.user.id,
          siteId: test.site_id,
          icon: 'create',
          text: html`Made campaign <b>${test.name}</b> an A/B test with ${names.length} variants.`,
        });
        return ids;
      });
      const models = await app.campaigns.summaries(ids);
      return ok({ models: models.map((m) => ({ ...m, parent_id: m.parent_id! })) }, 'A/B test has been created!');
    },
  );

  for (const [spec, action, running] of [
    [campaignActionsApi.startTest, 'start_ab_testing', true],
    [campaignActionsApi.stopTest, 'stop_ab_testing', false],
  ] as const) {
    app.post(
      wirePath(spec, 'POST', ADMIN_PREFIX),
      { schema: wireSchema(spec), config: { wire: true } },
      async (request) => {
        const test = await loadCampaign(app, request.user, request.params.id, action);
        // Running: the test reads AB Test (4) and its variants are active. Stopped: all inactive.
        const status: CampaignStatus = running ? 4 : -1;
        await app.db.transaction().execute(async (trx) => {
          await app.campaigns.update(
            test.id,
            { is_testing_running: running, status, is_schedule: false, updated_at: now() },
            trx,
          );
          await app.campaigns.updateVariants(
            test.id,
            { status: running ? CampaignStatus.Active : CampaignStatus.Inactive },
            trx,
          );
          await recordHistory(trx, {
            userId: request.user.id,
            siteId: test.site_id,
            icon: 'status',
            text: html`${running ? 'Started' : 'Stopped'} the A/B test <b>${test.name}</b>.`,
          });
        });
        return ok(
          { model: await detail(test.id) },
          running ? 'A/B test has been started!' : 'A/B test has been stopped!',
        );
      },
    );
  }

  app.post(
    wirePath(campaignActionsApi.winner, 'POST', ADMIN_PREFIX),
    { schema: wireSchema(campaignActionsApi.winner), config: { wire: true } },
    async (request) => {
      // Only a running test is ended; the winner is the test itself (the original) or one of its live variants.
      const test = await loadCampaign(app, request.user, request.params.id, 'stop_ab_testing');
      const arms = await app.campaigns.testArms(test.id);
      const winner = arms.find((a) => a.id === request.body.winner_id);
      if (!winner) throw HttpError.validation({ winner_id: [WINNER_NOT_IN_TEST] }, WINNER_NOT_IN_TEST);
      await app.db.transaction().execute(async (trx) => {
        // The test stops; the winner stays active and every other arm becomes inactive.
        const keepOriginal = winner.id === test.id;
        await app.campaigns.update(
          test.id,
          { is_testing_running: false, status: keepOriginal ? 1 : -1, is_schedule: false, updated_at: now() },
          trx,
        );
        await app.campaigns.updateVariants(test.id, { status: CampaignStatus.Inactive }, trx);
        if (!keepOriginal)
          await app.campaigns.update(winner.id, { status: CampaignStatus.Active, updated_at: now() }, trx);
        await recordHistory(trx, {
          userId: request.user.id,
          siteId: test.site_id,
          icon: 'status',
          text: html`Ended the A/B test <b>${test.name}</b>, keeping <b>${winner.name}</b>.`,
        });
      });
      return ok({ model: await detail(test.id) }, 'A/B test has been ended!');
    },
  );

  app.get(
    wirePath(campaignActionsApi.results, 'GET', ADMIN_PREFIX),
    { schema: wireSchema(campaignActionsApi.results), config: { wire: true } },
    async (request) => {
      const test = await loadCampaign(app, request.user, request.params.id);
      if (test.type !== CampaignType.AbTest) throw notFound('This campaign is not an A/B test.');
      const arms = await app.campaigns.testArms(test.id, request.query.from, request.query.to);
      // Read on accepted leads, an arm converts when its client accepts the lead.
      const count = request.query.count ?? 'leads';
      const result = testResult(arms.map((a) => ({ ...a, leads: count === 'accepted' ? a.accepted : a.leads })));
      const answer: AbResultsWire = {
        count,
        arms: arms.map((a, i) => {
          const r = result.arms[i]!;
          return {
            id: a.id,
            name: a.name,
            impressions: a.impressions,
            leads: a.leads,
            accepted: a.accepted,
            conversion_rate: r.conversionRate,
            uplift: r.uplift,
            chance_to_beat_control: r.chanceToBeatControl,
          };
        }),
        enough_data: result.enoughData,
        sample_ratio_p_value: result.sampleRatioPValue,
        sample_ratio_mismatch: result.sampleRatioMismatch,
      };
      return ok(answer);
    },
  );

  app.post(
    wirePath(campaignActionsApi.activation, 'POST', ADMIN_PREFIX),
    { schema: wireSchema(campaignActionsApi.activation), config: { wire: true } },
    async (request) => {
      const row = await loadCampaign(app, request.user, request.params.id, 'schedule');
      // (Ajv's type coercion may hand a JSON null over as '': both mean no end.)
      const endedAt = request.body.ended_at || null;
      const start = fromWire(request.body.started_at, timeZone);
      const end = endedAt === null ? null : fromWire(endedAt, timeZone);
      const problem =
        endedAt === null
          ? start
            ? null
            : 'The dates are not valid.'
          : timeframeError(request.body.started_at, endedAt);
      if (problem || !start || (endedAt !== null && !end))
        throw HttpError.validation(
          { started_at: [problem ?? 'The dates are not valid.'] },
          problem ?? 'The dates are not valid.',
        );
      if (end && end <= now())
        throw HttpError.validation(
          { ended_at: ['The end date must be in the future.'] },
          'The end date must be in the future.',
        );
      const scheduled = start > now();
      const verb = scheduled
        ? statusWord(CampaignStatus.Schedule, 'Scheduled')
        : statusWord(CampaignStatus.Active, 'Activated');
      await app.db.transaction().execute(async (trx) => {
        await app.campaigns.update(
          row.id,
          {
            started_at: start,
            ended_at: end,
            forever: end === null,
            status: scheduled ? CampaignStatus.Schedule : CampaignStatus.Active,
            is_schedule: scheduled,
            updated_at: now(),
          },
          trx,
        );
        await recordHistory(trx, {
          userId: request.user.id,
          siteId: row.site_id,
          icon: 'schedule',
          text:
            endedAt === null
              ? html`${verb} campaign <b>${row.name}</b> from ${request.body.started_at}, ongoing.`
              : html`${verb} campaign <b>${row.name}</b> from ${request.body.started_at} to ${endedAt}.`,
        });
      });
      return ok({ model: await detail(row.id) }, Messages.updated);
    },
  );
};

export default routes;

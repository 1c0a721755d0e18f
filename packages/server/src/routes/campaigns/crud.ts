import {
  type CampaignPayload,
  CAMPAIGN_MOVE_FORBIDDEN,
  campaignSaveErrors,
  CampaignStatus,
  Messages,
  CampaignType,
  VARIANT_MOVE_REFUSED,
} from '@lead/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import { html } from '../../lib/html.js';
import { HttpError } from '../../lib/http-error.js';
import { check } from '../../lib/validate.js';
import { fromWire } from '../../lib/time.js';
import type { AuthUser } from '../../plugins/auth.js';
import { newCode, payloadColumns } from '../../repositories/campaigns.js';
import { recordHistory } from '../../repositories/history.js';
import { ADMIN_PREFIX, CampaignBody, campaignActionsApi, campaignsApi, campaignTargetsApi } from '@lead/contract/api';
import { wirePath, wireSchema } from '../../lib/wire.js';
import { rename, setStatus } from './actions.js';
import { loadCampaign } from './shared.js';

/** How many leads the detail carries; the rest come from GET /campaign/{id}/leads (leads.ts). */
export const DETAIL_LEADS = 200;

const routes: FastifyPluginAsyncTypebox<{ timeZone: string; now: () => Date }> = async (app, { timeZone, now }) => {
  /** The save rules (contract) and what only the database knows: the site, and the client on it. */
  async function validate(user: AuthUser, p: CampaignPayload, mode: 'create' | 'edit', hasImport = false) {
    const site = await app.campaigns.site(p.site_id);
    if (!site) throw HttpError.validation({ site_id: [Messages.siteRequired] }, Messages.siteRequired);
    app.assertSites(user, [site.id]);
    const errors = campaignSaveErrors(p, { siteHost: site.name, mode, hasImport }) ?? {};
    if (!(await app.clients.isOnSite(p.client_id, p.site_id))) errors.client_id = [Messages.clientRequired];
    if (Object.keys(errors).length) {
      const first = Object.values(errors)[0]![0]!;
      throw HttpError.validation(
        errors,
        errors.device_types && Object.keys(errors).length === 1 ? Messages.invalidData : first,
      );
    }
  }

  /** Status from the timeframe: a start in the future schedules the campaign. */
  function timing(p: CampaignPayload) {
    const forever = p.forever !== false;
    const started = !forever && p.started_at ? fromWire(p.started_at, timeZone) : null;
    const ended = !forever && p.ended_at ? fromWire(p.ended_at, timeZone) : null;
    const scheduled = started !== null && started > now();
    return { forever, started_at: started, ended_at: ended, scheduled };
  }

  app.get(
    wirePath(campaignsApi.detail, 'GET', ADMIN_PREFIX),
    { schema: wireSchema(campaignsApi.detail), config: { wire: true } },
    async (request) => {
      const row = await loadCampaign(app, request.user, request.params.id);
      const campaign = (await app.campaigns.detail(row.id))!;
      return ok({ campaign, lead: await app.campaigns.leads(row.id, DETAIL_LEADS) });
    },
  );

  const { create, update } = campaignsApi;
  app.post(
    wirePath(create, 'POST', ADMIN_PREFIX),
    { schema: wireSchema(create), config: { wire: true } },
    async (request) => {
      const p = request.body as CampaignPayload;
      await validate(request.user, p, 'create');
      const t = timing(p);
      const id = await app.db.transaction().execute(async (trx) => {
        const id = await app.campaigns.create(
          {
            ...payloadColumns(p),
            code: newCode(),
            site_id: p.site_id,
            creator_id: request.user.id,
            type: CampaignType.Normal,
            status: t.scheduled ? 0 : 1,
            is_schedule: t.scheduled,
            forever: t.forever,
            started_at: t.started_at,
            ended_at: t.ended_at,
            is_target_import: false,
          },
          trx,
        );
        if (p.extra_fields?.targetLinkType !== 'csv') await app.campaigns.replaceTargets(id, p.targets, trx);
        await recordHistory(trx, {
          userId: request.user.id,
          siteId: p.site_id,
          icon: 'create',
          text: html`Created campaign <b>${p.name.trim()}</b>.`,
        });
        return id;
      });
      return ok({ model: (await app.campaigns.detail(id))! }, 'Campaign has been created!');
    },
  );

  app.put(
    wirePath(update, 'PUT', ADMIN_PREFIX),
    { schema: wireSchema(update), config: { wire: true } },
    async (request) => {
      if (request.query._status !== undefined)
        return setStatus(app, request.user, request.params.id, request.body, now);
      if (request.query._name !== undefined) return rename(app, request.user, request.params.id, request.body, now);
      const body = check(CampaignBody, request.body) as CampaignPayload;
      const before = await loadCampaign(app, request.user, request.params.id, 'edit');
      if (body.site_id !== before.site_id)
        throw HttpError.validation({ site_id: ['The site of a campaign cannot be changed.'] });
      await validate(request.user, body, 'edit', before.is_target_import);
      // Another client: only for someone who holds both, every site of each (docs/security.md); a variant moves with its test.
      const moving = body.client_id !== before.client_id;
      if (moving) {
        if (before.type === CampaignType.Variant)
          throw HttpError.validation({ client_id: [VARIANT_MOVE_REFUSED] }, VARIANT_MOVE_REFUSED);
        if (!(await app.clients.holdsAll(request.user, [before.client_id, body.client_id])))
          throw HttpError.validation({ client_id: [CAMPAIGN_MOVE_FORBIDDEN] }, CAMPAIGN_MOVE_FORBIDDEN);
      }
      const t = timing(body);
      // (Read before the transaction: PGlite has one connection, which the transaction holds.)
      const [from, to] = moving
        ? await Promise.all([app.clients.find(before.client_id), app.clients.find(body.client_id)])
        : [];
      await app.db.transaction().execute(async (trx) => {
        if (moving) {
          const variants = await app.campaigns.move(before.id, body.client_id, trx);
          const arms = variants ? html` and its ${variants} ${variants === 1 ? 'variant' : 'variants'}` : html``;
          const [fromName, toName] = [from?.name ?? `#${before.client_id}`, to?.name ?? `#${body.client_id}`];
          await recordHistory(trx, {
            userId: request.user.id,
            siteId: before.site_id,
            icon: 'update',
            text: html`Moved campaign <b>${before.name}</b>${arms} from client <b>${fromName}</b> to client <b>${toName}</b>.`,
          });
        }
        const csv = body.extra_fields?.targetLinkType === 'csv';
        await app.campaigns.update(
          before.id,
          {
            ...payloadColumns(body),
            forever: t.forever,
            started_at: t.started_at,
            ended_at: t.ended_at,
            ...(before.status === CampaignStatus.Schedule || before.status === CampaignStatus.Active
              ? { status: t.scheduled ? CampaignStatus.Schedule : CampaignStatus.Active, is_schedule: t.scheduled }
              : {}),
            ...(csv ? {} : { is_target_import: false }),
            updated_at: now(),
          },
          trx,
        );
        // Every save keeps a revision of the forms (what a lead's consent record points at).
        await app.campaigns.revise(before.id, request.user.id, trx);
        // A CSV campaign keeps its imported targets until a new file is imported (?_target).
        if (!csv) await app.campaigns.replaceTargets(before.id, body.targets, trx);
        await recordHistory(trx, {
          userId: request.user.id,
          siteId: before.site_id,
          icon: 'update',
          text: html`Updated campaign <b>${body.name.trim()}</b>.`,
        });
      });
      return ok({ model: (await app.campaigns.detail(before.id))! }, 'Campaign has been updated!');
    },
  );

  app.delete(
    wirePath(campaignActionsApi.delete, 'DELETE', ADMIN_PREFIX),
    { schema: wireSchema(campaignActionsApi.delete), config: { wire: true } },
    async (request) => {
      const row = await loadCampaign(app, request.user, request.params.id, 'delete');
      await app.db.transaction().execute(async (trx) => {
        // Soft: leads and figures stay; an A/B test takes its variants with it.
        await app.campaigns.remove(row.id, now(), trx);
        await recordHistory(trx, {
          userId: request.user.id,
          siteId: row.site_id,
          icon: 'delete',
          text: html`Deleted campaign <b>${row.name}</b>.`,
        });
      });
      return ok(null, 'Campaign has been deleted!');
    },
  );

  app.get(
    wirePath(campaignTargetsApi.list, 'GET', ADMIN_PREFIX),
    { schema: wireSchema(campaignTargetsApi.list), config: { wire: true } },
    async (request) => {
      const row = await loadCampaign(app, request.user, request.params.id);
      return ok({ models: await app.campaigns.targets(row.id) });
    },
  );
};

export default routes;

import { runtimeMessages, untickedTerms, type PublicCampaign } from '@lead/contract';
import { PUBLIC_PREFIX, publicApi, type PublicLead } from '@lead/contract/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, tooManyRequests } from '../../lib/http-error.js';
import { check } from '../../lib/validate.js';
import { wireRoute } from '../../lib/wire.js';
import { buildConsent } from '../../runtime/consent.js';
import { answerErrors, newLead, otpField, singleSubmission, sitePage } from '../../runtime/lead-form.js';
import { isSiteHost } from '../../runtime/origin.js';
import { otpMatches } from '../../runtime/otp.js';
import { judgeLead } from '../../runtime/person.js';
import type { Pow } from '../../runtime/pow.js';
import { addressKey, RateLimiter } from '../../runtime/rate-limit.js';
import { AlreadySubmitted, OtpSpent, type NewLead } from '../../repositories/leads.js';
import { pageViewSource } from '../../repositories/sources.js';
import type { Revision } from '../../repositories/revisions.js';
import { leadSignals } from './lead-signals.js';

/** 50 answers of up to 200 characters (MAX_ANSWER_LENGTH), escaped, and room. */
export const LEADS_BODY_LIMIT = 32 * 1024;

const invalid = (errors: Record<string, string>) => {
  const fields = Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]]));
  return HttpError.validation(fields, Object.values(errors)[0]);
};

/**
 * The campaign revision a lead's visitor saw: the one the pop-up sent when it is this campaign's;
 * otherwise (none sent by an older embed, unknown, another campaign's) the campaign's current one.
 * The served campaign's forms are its current revision's, so the common case reads nothing.
 */
async function seenRevision(
  app: FastifyInstance,
  campaignId: number,
  served: PublicCampaign,
  sent: number | undefined,
): Promise<Revision> {
  const current = served.revision ? { id: served.revision, campaign_id: campaignId, forms: served.forms } : null;
  if (sent !== undefined && sent !== current?.id) {
    const revision = await app.revisions.ofCampaign(campaignId, sent);
    if (revision) return revision;
  }
  return current ?? app.revisions.current(campaignId);
}

/**
 * Keeps a checked lead: when a person plausibly sent it (runtime/person.ts), with its figures and
 * where its visit came from (what its signed page view kept); else in the campaign's spam bin. A
 * number's OTP spent or its one submission taken meanwhile (sent twice at once) is returned.
 */
async function keep(
  app: FastifyInstance,
  opts: { now: () => Date; pow: Pow },
  request: FastifyRequest,
  {
    lead,
    body,
    site,
    campaignId,
  }: { lead: NewLead; body: PublicLead; site: { id: number; host: string }; campaignId: number },
): Promise<'lead' | 'spam' | OtpSpent | AlreadySubmitted> {
  const { signals, spend, pageView } = await leadSignals(app, opts.pow, request, {
    body,
    siteId: site.id,
    siteHost: site.host,
    campaignId,
    now: opts.now(),
  });
  if (pageView) Object.assign(lead, await pageViewSource(app.db, pageView, site.id));
  else lead.source = {};
  let verdict = judgeLead(signals);
  if (!verdict.spam && !(await spend())) verdict = judgeLead({ ...signals, pow: 'replayed' });
  if (verdict.spam) {
    await app.spamBin.insert(lead, verdict);
    app.metrics.spamLeads.inc();
    return 'spam';
  }
  try {
    await app.leads.insert(lead);
    return 'lead';
  } catch (error) {
    if (error instanceof OtpSpent || error instanceof AlreadySubmitted) return error;
    throw error;
  }
}

/**
 * POST /leads: checked with the renderer's rules; then, when a person plausibly sent it
 * (runtime/person.ts), stored with its figures, else kept in the campaign's spam bin; the same
 * answer either way, after the commit.
 */
export default async function leadRoutes(app: FastifyInstance, opts: { now: () => Date; pow: Pow }) {
  const perIp = new RateLimiter(30, 60_000);
  const perVisitor = new RateLimiter(10, 60_000);
  app.route({
    ...wireRoute(publicApi.leads, PUBLIC_PREFIX),
    bodyLimit: LEADS_BODY_LIMIT,
    config: { access: 'public', securityHeaders: false, shed: true, wire: true },
    handler: async (request, reply) => {
      const body = check(publicApi.leads.body, request.body);
      const site = await app.publicSite(request, reply, body.site_id);
      const wait = Math.max(perIp.hit(addressKey(request.ip)), perVisitor.hit(body.visitor_id));
      if (wait) throw tooManyRequests(wait);
      if (!sitePage(body.page_url, (host) => isSiteHost(host, site.host, app.demoPartners))) {
        const message = `The page must be a page of ${site.host}.`;
        throw HttpError.validation({ page_url: [message] }, message);
      }
      const { id: campaignId, campaign } = await app.served.campaign(site.id, body.code);
      const { forms } = campaign;
      const m = runtimeMessages(site.lang);
      const errors = answerErrors(forms, body.fields, site);
      // The consent record, built from the revision the visitor saw: each of its required T&C
      // blocks must be ticked too, whatever the client sends (a block without a key never is).
      const consent = buildConsent(
        await seenRevision(app, campaignId, campaign, body.revision_id),
        body.fields,
        body.page_url,
      );
      for (const t of untickedTerms(consent.record.terms)) errors[t.key || 'terms'] ??= m.acceptTerms;
      if (Object.keys(errors).length) throw invalid(errors);

      const single = singleSubmission(forms, body.fields, site.country);
      if (single && !single.phone) throw invalid({ [single.key]: m.phone });
      if (single && (await app.otp.submitted(campaignId, single.phone!)))
        throw invalid({ [single.key]: m.alreadySubmitted });

      // A form with an OTP block: the number must have been verified with the code sent to it.
      const otp = otpField(forms, body.fields, site.country);
      let otpId: number | null = null;
      if (otp) {
        if (!body.otp) throw invalid({ [otp.key]: m.codeNeeded });
        // The try is counted before the code is compared: parallel guesses get five comparisons in all.
        const row = otp.phone ? await app.otp.tryCode(campaignId, otp.phone, opts.now()) : null;
        if (!row || !otpMatches(body.otp, row.code_hash)) throw invalid({ [otp.key]: m.codeWrong });
        otpId = row.id;
      }

      const lead = newLead(campaignId, forms, body, site.country, {
        otpId,
        singlePhone: single?.phone ?? null,
        consent: { revisionId: consent.record.revision_id, record: consent.record, hash: consent.hash },
      });
      const kept = await keep(app, opts, request, { lead, body, site, campaignId });
      if (kept instanceof OtpSpent) throw invalid({ [otp!.key]: m.codeWrong });
      // Sent twice at once: the second finds the first's number.
      if (kept instanceof AlreadySubmitted) throw invalid({ [single!.key]: m.alreadySubmitted });
      if (kept === 'spam') return { _status: 1 as const };
      app.metrics.leads.inc();
      return { _status: 1 as const };
    },
  });
}

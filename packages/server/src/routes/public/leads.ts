import {
  INPUT_BLOCKS,
  OTP_BLOCKS,
  runtimeMessages,
  SINGLE_SUBMISSION_BLOCKS,
  SSO_TAGS,
  untickedTerms,
  validateValues,
  type PublicCampaign,
} from '@lead/contract';
import { PUBLIC_PREFIX, publicApi } from '@lead/contract/api';
import { toE164 } from '@lead/contract/phone';
import type { FastifyInstance } from 'fastify';
import { HttpError, tooManyRequests } from '../../lib/http-error.js';
import { check } from '../../lib/validate.js';
import { wireRoute } from '../../lib/wire.js';
import { buildConsent } from '../../runtime/consent.js';
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

/** The lead's answers under the SSO tags (name, email, phone; birthday and gender in its data). */
export function ssoTags(c: PublicCampaign, fields: Record<string, string | string[]>): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const block of c.forms) {
    const tag = SSO_TAGS[block.name];
    const key = block.data.value;
    const value = key ? fields[key] : undefined;
    if (!tag || tags[tag] || value === undefined) continue;
    const text = (Array.isArray(value) ? value.join(',') : value).trim();
    if (text) tags[tag] = text;
  }
  return tags;
}

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
      let page: URL | null = null;
      try {
        page = new URL(body.page_url);
      } catch {
        page = null;
      }
      if (!page || !/^https?:$/.test(page.protocol) || !isSiteHost(page.hostname, site.host, app.demoPartners)) {
        throw HttpError.validation(
          { page_url: [`The page must be a page of ${site.host}.`] },
          `The page must be a page of ${site.host}.`,
        );
      }
      const { id: campaignId, campaign } = await app.served.campaign(site.id, body.code);

      const m = runtimeMessages(site.lang);
      // Field keys only: an Image block's `value` is its picture, not a field.
      const keys = new Set(
        campaign.forms
          .filter((b) => INPUT_BLOCKS.has(b.name))
          .map((b) => b.data.value)
          .filter(Boolean),
      );
      const errors: Record<string, string> = {};
      for (const key of Object.keys(body.fields)) if (!keys.has(key)) errors[key] = `The form has no field ${key}.`;
      // Phone numbers read in the site's country: one that cannot be a number there gets the pop-up's message in the site's language.
      Object.assign(
        errors,
        validateValues(
          campaign.forms,
          body.fields,
          site.lang,
          (text, mobile) => toE164(text, site.country, { mobile }) !== null,
        ),
      );
      // The consent record, built from the revision the visitor saw: each of its required T&C
      // blocks must be ticked too, whatever the client sends (a block without a key never is).
      const consent = buildConsent(
        await seenRevision(app, campaignId, campaign, body.revision_id),
        body.fields,
        body.page_url,
      );
      for (const t of untickedTerms(consent.record.terms)) errors[t.key || 'terms'] ??= m.acceptTerms;
      if (Object.keys(errors).length) throw invalid(errors);

      // 'One submission per phone number' (a Phone or OTP block's singleSubmission): one lead per number in E.164.
      const single = campaign.forms.find(
        (b) =>
          SINGLE_SUBMISSION_BLOCKS.includes(b.name) &&
          b.data.singleSubmission &&
          b.data.value &&
          body.fields[b.data.value],
      );
      const singlePhone = single ? toE164(String(body.fields[single.data.value!]), site.country) : null;
      if (single && !singlePhone) throw invalid({ [single.data.value!]: m.phone });
      if (single && (await app.otp.submitted(campaignId, singlePhone!)))
        throw invalid({ [single.data.value!]: m.alreadySubmitted });

      // A form with an OTP block: the number must have been verified with the code sent to it.
      let otpId: number | null = null;
      const otpBlock = campaign.forms.find((b) => OTP_BLOCKS.includes(b.name) && b.data.value);
      if (otpBlock) {
        const key = otpBlock.data.value!;
        const phone = toE164(String(body.fields[key] ?? ''), site.country);
        if (!body.otp) throw invalid({ [key]: m.codeNeeded });
        // The try is counted before the code is compared: parallel guesses get five comparisons in all.
        const row = phone ? await app.otp.tryCode(campaignId, phone, opts.now()) : null;
        if (!row || !otpMatches(body.otp, row.code_hash)) throw invalid({ [key]: m.codeWrong });
        otpId = row.id;
      }

      const tags = ssoTags(campaign, body.fields);
      const data: Record<string, unknown> = { ...body.fields };
      if (tags.birthday && data.birthday === undefined) data.birthday = tags.birthday;
      if (tags.gender && data.gender === undefined) data.gender = tags.gender;
      const lead: NewLead = {
        campaignId,
        name: tags.name ?? null,
        email: tags.email ?? null,
        phone: tags.phone ?? null,
        // Checked above: a number of the site's country.
        phoneE164: tags.phone ? toE164(tags.phone, site.country) : null,
        data,
        pageUrl: body.page_url,
        otpId,
        singlePhone,
        consent: { revisionId: consent.record.revision_id, record: consent.record, hash: consent.hash },
      };

      // Is it a person? A lead that is not plausibly one's goes to the spam bin, answered as any lead.
      const now = opts.now();
      const { signals, spend, pageView } = await leadSignals(app, opts.pow, request, {
        body,
        siteId: site.id,
        siteHost: site.host,
        campaignId,
        now,
      });
      // Where its visit came from: what its signed page view kept (nothing without one).
      if (pageView) Object.assign(lead, await pageViewSource(app.db, pageView, site.id));
      else lead.source = {};
      let verdict = judgeLead(signals);
      if (!verdict.spam && !(await spend())) verdict = judgeLead({ ...signals, pow: 'replayed' });
      if (verdict.spam) {
        await app.spamBin.insert(lead, verdict);
        app.metrics.spamLeads.inc();
        return { _status: 1 as const };
      }
      await app.leads.insert(lead).catch((error: unknown) => {
        if (error instanceof OtpSpent) throw invalid({ [otpBlock!.data.value!]: m.codeWrong });
        // Sent twice at once: the second finds the first's number.
        if (error instanceof AlreadySubmitted) throw invalid({ [single!.data.value!]: m.alreadySubmitted });
        throw error;
      });
      app.metrics.leads.inc();
      return { _status: 1 as const };
    },
  });
}

import {
  INPUT_BLOCKS,
  OTP_BLOCKS,
  SINGLE_SUBMISSION_BLOCKS,
  SSO_TAGS,
  validateValues,
  type PublicCampaign,
} from '@lead/contract';
import { toE164 } from '@lead/contract/phone';
import type { NewLead } from '../repositories/leads.js';

/*
 * The decisions of POST /leads that need no database: whether the page is the site's, which
 * answers the form refuses, which number counts for 'one submission per phone number', and the
 * lead's SSO tags. The route (routes/public/leads.ts) reads and writes; these only decide.
 */

type Fields = Record<string, string | string[]>;
type Form = PublicCampaign['forms'];

/** The site a lead is sent for: its host, country and language. */
export interface LeadSite {
  host: string;
  country: string;
  lang: string;
}

/** The page a lead was sent from, when it is an http(s) page of the site (`isSiteHost` decides the host). */
export function sitePage(pageUrl: string, isSiteHost: (hostname: string) => boolean): URL | null {
  let page: URL;
  try {
    page = new URL(pageUrl);
  } catch {
    return null;
  }
  return /^https?:$/.test(page.protocol) && isSiteHost(page.hostname) ? page : null;
}

/**
 * What the form refuses of the answers, by field key: a key the form has no field for, and a value
 * its block's rules refuse (a phone number read in the site's country, in the site's language).
 */
export function answerErrors(forms: Form, fields: Fields, site: LeadSite): Record<string, string> {
  // Field keys only: an Image block's `value` is its picture, not a field.
  const keys = new Set(
    forms
      .filter((b) => INPUT_BLOCKS.has(b.name))
      .map((b) => b.data.value)
      .filter(Boolean),
  );
  const errors: Record<string, string> = {};
  for (const key of Object.keys(fields)) if (!keys.has(key)) errors[key] = `The form has no field ${key}.`;
  return Object.assign(
    errors,
    validateValues(forms, fields, site.lang, (text, mobile) => toE164(text, site.country, { mobile }) !== null),
  );
}

/**
 * 'One submission per phone number' (a Phone or OTP block's singleSubmission): the first such
 * block answered, with its number in E.164 (null when the answer is not a number of the country);
 * null when the form has none answered.
 */
export function singleSubmission(
  forms: Form,
  fields: Fields,
  country: string,
): { key: string; phone: string | null } | null {
  const block = forms.find(
    (b) => SINGLE_SUBMISSION_BLOCKS.includes(b.name) && b.data.singleSubmission && b.data.value && fields[b.data.value],
  );
  if (!block) return null;
  const key = block.data.value!;
  return { key, phone: toE164(String(fields[key]), country) };
}

/** The form's OTP block's field key and the number answered there in E.164 (null if none or not a number); null without an OTP block. */
export function otpField(forms: Form, fields: Fields, country: string): { key: string; phone: string | null } | null {
  const block = forms.find((b) => OTP_BLOCKS.includes(b.name) && b.data.value);
  if (!block) return null;
  const key = block.data.value!;
  return { key, phone: toE164(String(fields[key] ?? ''), country) };
}

/** The lead's answers under the SSO tags (name, email, phone; birthday and gender in its data). */
export function ssoTags(forms: Form, fields: Fields): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const block of forms) {
    const tag = SSO_TAGS[block.name];
    const key = block.data.value;
    const value = key ? fields[key] : undefined;
    if (!tag || tags[tag] || value === undefined) continue;
    const text = (Array.isArray(value) ? value.join(',') : value).trim();
    if (text) tags[tag] = text;
  }
  return tags;
}

/** The lead's data: its answers, with the birthday and gender of their SSO tags where no field of that key holds them. */
export function leadData(fields: Fields, tags: Record<string, string>): Record<string, unknown> {
  const data: Record<string, unknown> = { ...fields };
  if (tags.birthday && data.birthday === undefined) data.birthday = tags.birthday;
  if (tags.gender && data.gender === undefined) data.gender = tags.gender;
  return data;
}

/**
 * The lead of checked answers: the SSO tags' name, e-mail and phone (the phone also in E.164, a
 * number of the site's country, as checked), its data, its page, and what the route found (its
 * spent OTP, its single-submission number, its consent record).
 */
export function newLead(
  campaignId: number,
  forms: Form,
  sent: { fields: Fields; page_url: string },
  country: string,
  found: Pick<NewLead, 'otpId' | 'singlePhone' | 'consent'>,
): NewLead {
  const tags = ssoTags(forms, sent.fields);
  return {
    campaignId,
    name: tags.name ?? null,
    email: tags.email ?? null,
    phone: tags.phone ?? null,
    phoneE164: tags.phone ? toE164(tags.phone, country) : null,
    data: leadData(sent.fields, tags),
    pageUrl: sent.page_url,
    ...found,
  };
}

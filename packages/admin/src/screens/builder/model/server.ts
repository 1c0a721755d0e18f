import {
  FIELD_BLOCKS,
  imageParts,
  isSafeUrl,
  type CampaignDetail,
  type CampaignPayload,
  type CampaignRule,
  type FormBlock,
} from '@lead/contract';
import { DESKTOP_ONLY } from '../samples.js';
import { blank, builder, type Readable } from '../state.js';
import { IMAGE_COLUMNS, IMAGE_KEYS, fromDetail, savedDevices } from '../wire.js';

/*
 * The model test's other half: the campaign as the server keeps it (JSON, its own fields added),
 * opening it again in the builder, what staff see on the screen, and what must never be saved,
 * written out on its own rather than by calling the rules the builder uses.
 */

const json = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The campaign as GET /campaign/{id} answers after the payload was saved. */
export function stored(p: CampaignPayload, id: number): CampaignDetail {
  const q = json(p);
  return {
    ...q,
    id,
    code: `m${id}`,
    status: 1,
    type: 0,
    is_testing_running: false,
    is_schedule: false,
    is_expired: false,
    is_target_import: false,
    site: { id: q.site_id, name: 'bacsi-online.vn' },
    client: { id: q.client_id, name: 'Client', currency: 'USD' },
    stop_at_goal: q.stop_at_goal ?? false,
    forever: q.forever ?? true,
    started_at: q.forever ? null : (q.started_at ?? null),
    ended_at: q.forever ? null : (q.ended_at ?? null),
    kpis: q.kpis ?? {},
    price: Number(q.price),
    image: q.image ?? null,
    image_desktop: q.image_desktop ?? null,
    thank_you_image: q.thank_you_image ?? null,
    image_background: q.image_background ?? null,
    image_overlay_desktop: q.image_overlay_desktop ?? null,
    image_overlay_mobile: q.image_overlay_mobile ?? null,
    is_sponsor: q.is_sponsor ?? false,
    sponsor_ids: q.sponsor_ids ?? [],
    total_impression: 0,
    total_lead: 0,
    total_duplicate: 0,
    total_accepted: 0,
    total_rejected: 0,
    total_credited: 0,
    total_click: 0,
    total_submit: 0,
    total_bounce: 0,
    total_visitor: 0,
    total_habit_exit: 0,
    total_intentional_exit: 0,
    created_at: '2026-11-01 10:00:00',
    updated_at: '2026-11-02 10:00:00',
  };
}

/** Opens the saved campaign in the builder, as the edit route does. */
export function reopen(detail: CampaignDetail): void {
  Object.assign(builder, blank(), { mode: 'edit', id: detail.id }, fromDetail(detail, 'bacsi-online.vn'));
}

const numberShown = (text: string) => (text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text);

/** What staff see of the campaign: each field as its step shows it (hidden fields left out). */
export function screen(b: Readable) {
  const layout = b.layout;
  return json({
    name: b.name.trim(),
    layout,
    devices: savedDevices(layout, b.devices),
    targetType: b.targetType,
    targets: b.targets,
    trigger: b.trigger,
    ...(b.trigger === 'on_landing' ? { timeOnPage: b.timeOnPage } : { scroll: b.scroll }),
    forms: b.forms,
    thankYou: b.thankYou,
    showThankYou: b.showThankYou,
    inlinePosition: b.inlinePosition,
    forever: b.forever,
    ...(b.forever ? {} : { startDate: b.startDate, endDate: b.endDate, startHour: b.startHour, endHour: b.endHour }),
    appearance: b.appearance,
    frequency: numberShown(b.frequency),
    leads: numberShown(b.leads),
    price: numberShown(b.price),
    isSponsor: b.isSponsor,
    ...(b.isSponsor ? { includeSponsoredOnlyList: b.includeSponsoredOnlyList } : {}),
    ...(b.isSponsor && b.includeSponsoredOnlyList ? { sponsorIds: b.sponsorIds } : {}),
    images: b.images,
    imageLinks: b.imageLinks,
  });
}

const rule = (rules: readonly CampaignRule[], name: string) => rules.find((r) => r.rule === name)?.value;

/** What no saved campaign may hold; the list of what is wrong with `p` (empty when nothing). */
export function neverSaved(p: CampaignPayload): string[] {
  const out: string[] = [];
  if (!p.name.trim()) out.push('an empty name');
  if (!p.device_types.length) out.push('no device');
  const layout = p.extra_fields.currentLayout;
  if (layout && (DESKTOP_ONLY as readonly string[]).includes(layout) && JSON.stringify(p.device_types) !== '[2]')
    out.push('a desktop-only layout on mobile');
  const keys = p.forms
    .filter((b) => FIELD_BLOCKS.includes(b.name) && b.name !== 'Terms')
    .map((b) => (b.data.value ?? '').trim());
  if (keys.some((k) => k === '')) out.push('a block with no key');
  if (new Set(keys).size !== keys.length) out.push('two blocks with one key');
  const thankYou = JSON.parse(p.extra_fields.listBlockThankyou ?? '[]') as FormBlock[];
  for (const b of [...p.forms, ...thankYou]) {
    const url = b.data.url?.trim();
    if (url && b.name === 'LinkButton' && !isSafeUrl(url, 'link')) out.push(`an unsafe link ${url}`);
    if (url && b.name === 'Video' && !isSafeUrl(url, 'media')) out.push(`an unsafe source ${url}`);
    // An Image block is a picture (its value) and a link (its url), two things (#29).
    if (b.name === 'Image') {
      const { src, href } = imageParts(b);
      if (src && !isSafeUrl(src, 'media')) out.push(`an unsafe source ${src}`);
      if (href && !isSafeUrl(href, 'link')) out.push(`an unsafe image link ${href}`);
    }
    if (b.name === 'Terms') {
      const lines = (b.data.placeholder ?? '').split('\n').filter((l) => l.trim());
      if (!lines.length || lines.some((l) => !isSafeUrl(l, 'web'))) out.push('T&C without valid URLs');
    }
  }
  for (const k of IMAGE_KEYS) {
    const src = p[IMAGE_COLUMNS[k]];
    if (src && !isSafeUrl(src, 'media')) out.push(`an unsafe picture ${src}`);
  }
  const links = JSON.parse(p.extra_fields.imageBlocks ?? '{}') as Record<string, { url: string }>;
  for (const [k, l] of Object.entries(links))
    if (l.url.trim() && !isSafeUrl(l.url, 'link')) out.push(`an unsafe ${k} picture link ${l.url}`);
  const hours = rule(p.rules, 'appearance_time') as { startTime?: string | null; endTime?: string | null } | undefined;
  if (hours && !(hours.startTime && hours.endTime && hours.endTime > hours.startTime))
    out.push('appearance hours without an end after the start');
  if (p.forever === false && !(p.started_at && p.ended_at && p.started_at < p.ended_at))
    out.push('a timeframe that does not end after it starts');
  for (const name of ['days_to_show_again'])
    if (!Number.isFinite(Number(rule(p.rules, name)))) out.push(`a ${name} that is not a number`);
  if (!Number.isFinite(Number(p.price)) || !Number.isFinite(Number(p.kpis?.lead)))
    out.push('a price or leads that is not a number');
  if (p.extra_fields.targetLinkType !== 'csv' && p.targets.length === 0) out.push('no target');
  return out;
}

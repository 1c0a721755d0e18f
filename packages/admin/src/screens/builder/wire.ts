import {
  CAMPAIGN_DEFAULTS,
  CampaignStatus,
  DEVICE_TYPES,
  DeviceType,
  LAYOUTS,
  PICTURE_COLUMNS,
  PICTURE_KEYS,
  readPopupStyle,
  type CampaignDetail,
  type CampaignPayload,
  type CampaignRule,
  type CampaignTarget,
  type ExtraFields,
  type FormBlock,
  type Layout,
} from '@lead/contract';
import { DESKTOP_ONLY, displayTypeOf, newBlock, thankYouDefaults } from './samples.js';
import type { BuilderState, ImageKey, Readable } from './state.js';

/*
 * The builder's state to and from the API's campaign (pure functions: no store, no requests).
 * `toPayload(fromDetail(detail))` keeps every field of the campaign that the builder shows and
 * every one it does not know (other extra_fields keys and rules are carried through).
 */

/** The pop-up's pictures, and the campaign column each one is stored in (the contract's one table). */
export const IMAGE_COLUMNS = PICTURE_COLUMNS;
export const IMAGE_KEYS: ImageKey[] = PICTURE_KEYS;

/** What a picture links to when clicked (extra_fields.imageBlocks; the picture itself is its column). */
export interface ImageLink {
  url: string;
  newtab: boolean;
}
export const noImageLink = (): ImageLink => ({ url: '', newtab: true });

/** The extra_fields keys the builder writes itself; any other key is carried through unchanged. */
const OWN_EXTRA_FIELDS = [
  'popupVersion',
  'currentLayout',
  'targetLinkType',
  'csvName',
  'popupShowThankYou',
  'popupInlinePosition',
  'popupStyle',
  'listBlockAdded',
  'listBlockThankyou',
  'textBlocks',
  'actionBlocks',
  'imageBlocks',
  'includeSponsoredOnlyList',
] as const;
/**
 * The rules the builder edits; any other rule is carried through unchanged. The frequency rules
 * the builder does not show (CAMPAIGN_DEFAULTS.fixedRules) keep the campaign's value, or take
 * the default when it has none.
 */
const OWN_RULES = new Set(['time_on_page', 'scroll_percent', 'days_to_show_again', 'appearance_time']);
const FIXED_RULES = CAMPAIGN_DEFAULTS.fixedRules as Record<string, unknown>;

const TEXT_BLOCKS = new Set(['Title', 'Subtitle']);
const ACTION_BLOCKS = new Set(['Submit', 'LinkButton', 'Signup']);

const ruleValue = (rules: readonly CampaignRule[], name: string) => rules.find((r) => r.rule === name)?.value;

function parseJson<T>(json: unknown, isShape: (v: unknown) => boolean): T | null {
  if (typeof json !== 'string' || !json) return null;
  try {
    const value = JSON.parse(json) as unknown;
    return isShape(value) ? (value as T) : null;
  } catch {
    return null;
  }
}
const parseBlocks = (json: unknown) => parseJson<FormBlock[]>(json, Array.isArray);
const parseImageLinks = (json: unknown) =>
  parseJson<Partial<Record<ImageKey, Partial<ImageLink>>>>(
    json,
    (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
  );

const DATA_KEYS = [
  'value',
  'placeholder',
  'required',
  'singleSubmission',
  'newtab',
  'url',
  'align',
  'listQuestion',
  'valueHTML',
];
const dataKeyOrder = (a: string, b: string) => {
  const [i, j] = [DATA_KEYS.indexOf(a), DATA_KEYS.indexOf(b)];
  return i >= 0 && j >= 0 ? i - j : i >= 0 ? -1 : j >= 0 ? 1 : a.localeCompare(b);
};
/**
 * A block as stored in extra_fields, its keys written in one order (name, id, data in
 * FormBlockData's order), so that the same blocks always give the same text (the database's JSON
 * reorders the forms' keys).
 */
function ordered(block: FormBlock): FormBlock {
  const data = Object.fromEntries(
    Object.entries(block.data).sort(([a], [b]) => dataKeyOrder(a, b)),
  ) as FormBlock['data'];
  if (data.listQuestion)
    data.listQuestion = data.listQuestion.map((a) => ({ value: a.value, placeholder: a.placeholder }));
  return { name: block.name, id: block.id, data };
}
/**
 * A copy of a main block in extra_fields: image data (a `data:` URL) is not copied, as `forms`
 * holds it. The thank-you blocks have no other copy, so they are stored whole (`ordered`) and a
 * `data:` link among them is refused on save, not lost.
 */
function stripped(block: FormBlock): FormBlock {
  const copy = ordered(block);
  if (typeof copy.data.url === 'string' && copy.data.url.startsWith('data:')) copy.data.url = '';
  return copy;
}
const copyBlock = (b: FormBlock): FormBlock => ({
  ...b,
  data: { ...b.data, ...(b.data.listQuestion ? { listQuestion: b.data.listQuestion.map((a) => ({ ...a })) } : {}) },
});

/** A block of `name` whose label is `text` (a pre-2.1 campaign's title, description or button). */
function blockWith(name: 'Title' | 'Subtitle' | 'Submit', text: unknown): FormBlock {
  const block = newBlock(name);
  if (typeof text === 'string' && text.trim()) block.data.placeholder = text;
  return block;
}

/**
 * A campaign saved before 2.1, rebuilt in LightBoxA from its forms and its old fields: its title
 * (`title`), description (`desc`) and button (`submit`) become blocks around its fields, its
 * thank-you (`popupThankyouTitle`, `popupThankyouDesc`) the thank-you blocks; what it lacks takes
 * the defaults. Nothing else is added: LightBoxA needs a link button, and one it lacks is asked
 * for on DESIGN ('The LightBoxA layout needs a Link button block.') rather than added unseen.
 */
export function legacyForms(c: Pick<CampaignDetail, 'forms' | 'extra_fields' | 'site'>): {
  forms: FormBlock[];
  thankYou: FormBlock[];
} {
  const ef = c.extra_fields ?? {};
  const fields = c.forms.filter((b) => !TEXT_BLOCKS.has(b.name) && b.name !== 'Submit').map(copyBlock);
  const hasInput = fields.some(
    (b) => !ACTION_BLOCKS.has(b.name) && b.name !== 'Image' && b.name !== 'Video' && b.name !== 'Terms',
  );
  const title = c.forms.find((b) => b.name === 'Title') ?? blockWith('Title', ef.title);
  const subtitle = c.forms.find((b) => b.name === 'Subtitle') ?? blockWith('Subtitle', ef.desc);
  const submit =
    c.forms.find((b) => b.name === 'Submit') ?? (hasInput || ef.submit ? blockWith('Submit', ef.submit) : null);
  const forms = [copyBlock(title), copyBlock(subtitle), ...fields, ...(submit ? [copyBlock(submit)] : [])];
  const [tyTitle, tySubtitle] = thankYouDefaults(c.site.id);
  if (typeof ef.popupThankyouTitle === 'string' && ef.popupThankyouTitle.trim())
    tyTitle!.data.placeholder = ef.popupThankyouTitle;
  if (typeof ef.popupThankyouDesc === 'string' && ef.popupThankyouDesc.trim())
    tySubtitle!.data.placeholder = ef.popupThankyouDesc;
  return { forms, thankYou: [tyTitle!, tySubtitle!] };
}

const splitDate = (d: string | null) => (d ? d.split(' ') : [null, null]);

/** The builder's state for an existing campaign (edit mode). */
export function fromDetail(c: CampaignDetail, siteHost: string): Partial<BuilderState> {
  const ef: ExtraFields = c.extra_fields ?? {};
  const v21 = ef.popupVersion === '2.1' && (LAYOUTS as readonly string[]).includes(ef.currentLayout ?? '');
  const layout: Layout = v21 ? (ef.currentLayout as Layout) : 'LightBoxA';
  const blocks = v21
    ? {
        forms: c.forms.map(copyBlock),
        thankYou: (parseBlocks(ef.listBlockThankyou) ?? thankYouDefaults(c.site.id)).map(copyBlock),
      }
    : legacyForms(c);
  const [start, end] = [splitDate(c.started_at), splitDate(c.ended_at)];
  const links = parseImageLinks(ef.imageBlocks) ?? {};
  const extraKept = Object.fromEntries(
    Object.entries(ef).filter(([k]) => !(OWN_EXTRA_FIELDS as readonly string[]).includes(k)),
  );
  return {
    id: c.id,
    loaded: true,
    siteId: c.site.id,
    siteHost,
    clientId: c.client.id,
    name: c.name,
    status: c.status,
    layout,
    // A desktop-only layout was saved with Desktop alone whatever was chosen: with another layout it shows on both (the default).
    devices: DESKTOP_ONLY.includes(layout) ? [...DEVICE_TYPES] : [...c.device_types],
    targetType: ef.targetLinkType === 'tags' || ef.targetLinkType === 'csv' ? ef.targetLinkType : 'links',
    hasImport: c.is_target_import,
    csv: {
      file: null,
      name: typeof ef.csvName === 'string' ? ef.csvName : '',
      status: 'none',
      message: '',
      errors: [],
    },
    targets: c.targets.map((t) => ({ ...t, sub_target: (t.sub_target ?? []).map((s) => ({ ...s })) })),
    trigger: c.trigger_type === 'on_scroll' ? 'on_scroll' : 'on_landing',
    timeOnPage: Number(ruleValue(c.rules, 'time_on_page') ?? CAMPAIGN_DEFAULTS.timeOnPage),
    timeOnPageText: String(ruleValue(c.rules, 'time_on_page') ?? CAMPAIGN_DEFAULTS.timeOnPage),
    scroll: Number(ruleValue(c.rules, 'scroll_percent') ?? CAMPAIGN_DEFAULTS.scroll),
    rulesKept: c.rules.filter((r) => !OWN_RULES.has(r.rule)).map((r) => ({ ...r })),
    ...blocks,
    showThankYou: ef.popupShowThankYou === 'show' ? 'show' : 'notshow',
    inlinePosition: typeof ef.popupInlinePosition === 'string' ? ef.popupInlinePosition : '6th',
    style: readPopupStyle(ef.popupStyle),
    previewDevice: DESKTOP_ONLY.includes(layout) ? 'desktop' : 'mobile',
    forever: c.forever,
    startDate: start[0] ?? null,
    endDate: end[0] ?? null,
    startHour: (start[1] ?? '00:00').slice(0, 5),
    endHour: (end[1] ?? '23:00').slice(0, 5),
    images: Object.fromEntries(IMAGE_KEYS.map((k) => [k, c[IMAGE_COLUMNS[k]] ?? null])) as BuilderState['images'],
    imageLinks: Object.fromEntries(
      IMAGE_KEYS.map((k) => [k, { ...noImageLink(), ...links[k] }]),
    ) as BuilderState['imageLinks'],
    appearance: (ruleValue(c.rules, 'appearance_time') as { startTime: string; endTime: string } | undefined) ?? null,
    isSponsor: Boolean(c.is_sponsor),
    includeSponsoredOnlyList:
      typeof ef.includeSponsoredOnlyList === 'boolean' ? ef.includeSponsoredOnlyList : (c.sponsor_ids ?? []).length > 0,
    sponsorIds: [...(c.sponsor_ids ?? [])],
    frequency: String(ruleValue(c.rules, 'days_to_show_again') ?? CAMPAIGN_DEFAULTS.frequency),
    leads: String(c.kpis?.lead ?? CAMPAIGN_DEFAULTS.leads),
    price: String(c.price ?? CAMPAIGN_DEFAULTS.pricePerLead),
    stopAtGoal: Boolean(c.stop_at_goal),
    extraKept,
  };
}

const num = (text: string): number | string =>
  text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text;

/**
 * The devices a campaign is saved with: Sidebar, Fullscreen and Slider are shown on desktops
 * only, so they are saved with Desktop alone whatever the TARGET step's boxes say.
 */
export function savedDevices(layout: Layout | null, devices: readonly DeviceType[]): DeviceType[] {
  if (layout && DESKTOP_ONLY.includes(layout)) return [DeviceType.Desktop];
  return [...devices];
}

/** The builder's state as the API's campaign payload (extra_fields version 2.1). */
export function toPayload(b: Readable): CampaignPayload {
  const layout = b.layout ?? 'LightBoxB';
  const forms = b.forms.map((f) => copyBlock(f as FormBlock));
  const thankYou = b.thankYou.map((f) => copyBlock(f as FormBlock));
  const images = Object.fromEntries(IMAGE_KEYS.map((k) => [IMAGE_COLUMNS[k], b.images[k]])) as Pick<
    CampaignPayload,
    (typeof IMAGE_COLUMNS)[ImageKey]
  >;
  const kept = new Map(b.rulesKept.map((r) => [r.rule, r.value]));
  const keepCsvName =
    b.targetType === 'csv' && b.csv.name !== '' && (b.csv.status === 'valid' || b.csv.status === 'none');
  return {
    name: b.name.trim(),
    display_type: displayTypeOf(layout) as CampaignPayload['display_type'],
    device_types: savedDevices(layout, b.devices),
    rules: [
      b.trigger === 'on_landing'
        ? { rule: 'time_on_page', value: b.timeOnPage }
        : { rule: 'scroll_percent', value: b.scroll },
      { rule: 'days_to_show_again', value: num(b.frequency) },
      ...Object.entries(FIXED_RULES).map(([rule, value]) => ({ rule, value: kept.has(rule) ? kept.get(rule) : value })),
      // As shown: an end cleared (null) is sent as it is, and refused (campaignSaveErrors), never dropped.
      ...(b.appearance
        ? [{ rule: 'appearance_time', value: { startTime: b.appearance.startTime, endTime: b.appearance.endTime } }]
        : []),
      ...b.rulesKept.filter((r) => !(r.rule in FIXED_RULES)).map((r) => ({ ...r })),
    ],
    trigger_type: b.trigger,
    forms,
    extra_fields: {
      ...b.extraKept,
      popupVersion: '2.1',
      currentLayout: layout,
      targetLinkType: b.targetType,
      ...(keepCsvName ? { csvName: b.csv.name } : {}),
      popupShowThankYou: b.showThankYou,
      popupInlinePosition: b.inlinePosition,
      ...(b.style ? { popupStyle: { ...b.style, buttonShape: { ...b.style.buttonShape } } } : {}),
      listBlockAdded: JSON.stringify(forms.map(stripped)),
      listBlockThankyou: JSON.stringify(thankYou.map(ordered)),
      textBlocks: JSON.stringify(forms.filter((f) => TEXT_BLOCKS.has(f.name)).map(stripped)),
      actionBlocks: JSON.stringify(forms.filter((f) => ACTION_BLOCKS.has(f.name)).map(stripped)),
      imageBlocks: JSON.stringify(
        Object.fromEntries(IMAGE_KEYS.map((k) => [k, { url: b.imageLinks[k].url, newtab: b.imageLinks[k].newtab }])),
      ),
      includeSponsoredOnlyList: b.isSponsor && b.includeSponsoredOnlyList,
    },
    targets:
      b.targetType === 'csv'
        ? []
        : (b.targets.map((t) => ({ ...t, sub_target: t.sub_target.map((s) => ({ ...s })) })) as CampaignTarget[]),
    site_id: b.siteId,
    client_id: b.clientId,
    kpis: { lead: num(b.leads) },
    price: num(b.price),
    stop_at_goal: b.stopAtGoal,
    ...images,
    is_sponsor: b.isSponsor,
    sponsor_ids: b.isSponsor && b.includeSponsoredOnlyList ? [...b.sponsorIds] : [],
    forever: b.forever,
    started_at: b.forever || !b.startDate ? null : `${b.startDate} ${b.startHour}:00`,
    ended_at: b.forever || !b.endDate ? null : `${b.endDate} ${b.endHour}:00`,
  };
}

/** An expired campaign saved in edit mode gets its new timeframe first (activation). */
export const needsActivation = (status: number, mode: 'create' | 'edit'): boolean =>
  mode === 'edit' && status === CampaignStatus.Expired;

/** A stored campaign as partner pages receive it: what choosing and rendering need, nothing more. */
import {
  CAMPAIGN_DEFAULTS,
  LAYOUTS,
  LAYOUT_DISPLAY_TYPE,
  PICTURE_KEYS,
  TRIGGER_TYPES,
  audienceError,
  pictureLinks,
  readPopupStyle,
  safeUrl,
  storedBlocks,
  type CampaignRule,
  type ExtraFields,
  type FormBlock,
  type Layout,
  type MatchOption,
  type PictureLinks,
  type PublicCampaign,
  type TriggerType,
} from '@lead/contract';

export interface ServedRow {
  id: number;
  code: string;
  /** The campaign's newest revision: the one its forms are. */
  revision_id: number | null;
  test_code: string | null;
  display_type: number;
  device_types: number[];
  trigger_type: string;
  rules: CampaignRule[];
  forms: FormBlock[];
  extra_fields: ExtraFields;
  image: string | null;
  image_desktop: string | null;
  image_background: string | null;
  image_overlay_mobile: string | null;
  image_overlay_desktop: string | null;
  thank_you_image: string | null;
  forever: boolean;
  started_at: Date | null;
  ended_at: Date | null;
  targets: Array<{
    type: 'links' | 'tags';
    option: MatchOption;
    target: string;
    sub_target: Array<{ option: MatchOption; value: string }>;
  }>;
  site_id: number;
}

const LAYOUT_BY_TYPE = Object.fromEntries(
  Object.entries(LAYOUT_DISPLAY_TYPE).map(([layout, type]) => [type, layout]),
) as Record<number, Layout>;

const rule = (rules: CampaignRule[], name: string) => rules.find((r) => r.rule === name)?.value;
const num = (v: unknown, fallback: number): number =>
  v !== undefined && v !== null && v !== '' && Number.isFinite(Number(v)) ? Number(v) : fallback;
const HHMM = /^([01]\d|2[0-3]):[0-5]\d/;

function thankYouBlocks(ef: ExtraFields, siteId: number): FormBlock[] {
  // The stored list when it is one (each entry a block with its data); a damaged value gets the defaults below.
  const stored =
    typeof ef.listBlockThankyou === 'string' && ef.listBlockThankyou !== '' ? storedBlocks(ef.listBlockThankyou) : null;
  if (stored) return stored;
  const vi = siteId === 1;
  return [
    {
      name: 'Title',
      id: 'ty-title',
      data: { placeholder: ef.popupThankyouTitle || (vi ? 'CẢM ƠN BẠN' : 'THANK YOU'), align: 'center' },
    },
    {
      name: 'Subtitle',
      id: 'ty-sub',
      data: {
        placeholder:
          ef.popupThankyouDesc || (vi ? 'Chúng tôi trân trọng thời gian của bạn!' : 'We appreciate your time!'),
        align: 'center',
      },
    },
  ];
}

/**
 * The pictures' links as partner pages get them: only those that are safe links (whatever an older
 * save stored). A desktop without its own picture shows the mobile one, and so its link.
 */
function servedLinks(json: unknown, desktopFromMobile: boolean): PictureLinks {
  const stored = pictureLinks(json) ?? {};
  if (desktopFromMobile) stored.desktop = stored.mobile;
  const out: PictureLinks = {};
  for (const key of PICTURE_KEYS) {
    const url = safeUrl(stored[key]?.url, 'link');
    if (url) out[key] = { url, newtab: stored[key]!.newtab };
  }
  return out;
}

export function publicCampaign(row: ServedRow): PublicCampaign {
  const ef = row.extra_fields ?? {};
  const layout: Layout =
    ef.popupVersion === '2.1' && (LAYOUTS as readonly string[]).includes(ef.currentLayout ?? '')
      ? (ef.currentLayout as Layout)
      : (LAYOUT_BY_TYPE[row.display_type] ?? 'LightBoxA');
  const type: TriggerType = (TRIGGER_TYPES as readonly string[]).includes(row.trigger_type)
    ? (row.trigger_type as TriggerType)
    : 'on_landing';
  const trigger: PublicCampaign['trigger'] = { type };
  if (type === 'on_landing') trigger.seconds = num(rule(row.rules, 'time_on_page'), CAMPAIGN_DEFAULTS.timeOnPage);
  if (type === 'on_scroll') trigger.percent = num(rule(row.rules, 'scroll_percent'), CAMPAIGN_DEFAULTS.scroll);
  if (type === 'idle') trigger.seconds = num(rule(row.rules, 'idle_seconds') ?? rule(row.rules, 'time_on_page'), 30);
  const hours = rule(row.rules, 'appearance_time') as { startTime?: unknown; endTime?: unknown } | undefined;
  const f = CAMPAIGN_DEFAULTS.fixedRules;
  const out: PublicCampaign = {
    code: row.code,
    layout,
    devices: [
      ...(row.device_types.includes(1) ? (['mobile'] as const) : []),
      ...(row.device_types.includes(2) ? (['desktop'] as const) : []),
    ],
    trigger,
    links: row.targets
      .filter((t) => t.type === 'links')
      .map((t) => ({
        option: t.option,
        target: t.target,
        exclude: (t.sub_target ?? []).map((s) => ({ option: s.option, value: s.value })),
      })),
    tags: row.targets.filter((t) => t.type === 'tags').map((t) => t.target.toLowerCase()),
    frequency: {
      days: num(rule(row.rules, 'days_to_show_again'), CAMPAIGN_DEFAULTS.frequency),
      campaignExit: num(rule(row.rules, 'campaign_popup_exit'), f.campaign_popup_exit),
      siteExit: num(rule(row.rules, 'site_popup_exit'), f.site_popup_exit),
      againAfterSubmit: num(rule(row.rules, 'show_again_after_submit'), f.show_again_after_submit) === 1,
      againAfterExit: num(rule(row.rules, 'show_again_after_exit'), f.show_again_after_exit) === 1,
    },
    forms: row.forms ?? [],
    thankYou: thankYouBlocks(ef, row.site_id),
    showThankYou: ef.popupShowThankYou === 'show',
    images: {
      mobile: row.image,
      desktop: row.image_desktop ?? row.image,
      background: row.image_background,
      overlayMobile: row.image_overlay_mobile,
      overlayDesktop: row.image_overlay_desktop,
      thankYou: row.thank_you_image,
    },
    imageLinks: servedLinks(ef.imageBlocks, !row.image_desktop),
    inlinePosition: typeof ef.popupInlinePosition === 'string' ? ef.popupInlinePosition : '6th',
  };
  // A campaign without a style (or one an older save damaged) is served without: it looks as before styles.
  const style = readPopupStyle(ef.popupStyle);
  if (style) out.style = style;
  // Targeting by source and visitor: served only when set and valid (saves check it; an older row without it shows to all).
  if (ef.audience && !audienceError(ef.audience)) out.audience = ef.audience;
  if (row.revision_id) out.revision = Number(row.revision_id);
  if (row.test_code) out.test = row.test_code;
  if (!row.forever) {
    if (row.started_at) out.from = new Date(row.started_at).getTime();
    if (row.ended_at) out.to = new Date(row.ended_at).getTime();
  }
  if (
    hours &&
    typeof hours.startTime === 'string' &&
    typeof hours.endTime === 'string' &&
    HHMM.test(hours.startTime) &&
    HHMM.test(hours.endTime)
  ) {
    out.hours = { start: hours.startTime.slice(0, 5), end: hours.endTime.slice(0, 5) };
  }
  return out;
}

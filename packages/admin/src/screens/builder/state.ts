import {
  CAMPAIGN_DEFAULTS,
  type CampaignRule,
  type CampaignTarget,
  type FormBlock,
  type Layout,
  type MatchOption,
  type PictureKey,
  type PopupStyle,
  CampaignStatus,
  DEVICE_TYPES,
} from '@lead/contract';
import { proxy, type Snapshot } from 'valtio';
import { onSessionReset } from '../../stores/reset.js';
import { noImageLink, type ImageLink } from './wire.js';

export const STEPS = ['target', 'template', 'trigger', 'design', 'settings'] as const;
export type StepId = (typeof STEPS)[number];
export const STEP_LABELS: Record<StepId, string> = {
  target: 'TARGET',
  template: 'TEMPLATE',
  trigger: 'TRIGGER',
  design: 'DESIGN',
  settings: 'SETTINGS',
};

export type ImageKey = PictureKey;

/** A new campaign's state, with the defaults staff see first. */
export const blank = () => ({
  mode: 'create' as 'create' | 'edit',
  id: null as number | null,
  loaded: false,
  siteId: 0,
  siteHost: '',
  clientId: 0,
  name: CAMPAIGN_DEFAULTS.name as string,
  step: 'target' as StepId,
  status: CampaignStatus.Active as number,
  layout: null as Layout | null,
  devices: [...DEVICE_TYPES],
  targetType: 'links' as 'links' | 'tags' | 'csv',
  /** A CSV of targets: the file (kept out of the proxy), its check by the server, its errors. */
  csv: {
    file: null as File | null,
    name: '',
    status: 'none' as 'none' | 'checking' | 'valid' | 'invalid',
    message: '',
    errors: [] as string[],
  },
  hasImport: false,
  targets: [] as CampaignTarget[],
  /** What each kind of "Target by" holds while another is shown: switching back brings it back (only the shown kind is saved). */
  keptTargets: { links: [] as CampaignTarget[], tags: [] as CampaignTarget[] },
  linkDraft: '',
  linkOption: 'start_with' as MatchOption,
  linkError: null as string | null,
  subDrafts: {} as Record<number, { text: string; option: MatchOption; error: string | null }>,
  trigger: 'on_landing' as 'on_landing' | 'on_scroll',
  timeOnPage: CAMPAIGN_DEFAULTS.timeOnPage as number,
  timeOnPageText: String(CAMPAIGN_DEFAULTS.timeOnPage),
  scroll: CAMPAIGN_DEFAULTS.scroll as number,
  forms: [] as FormBlock[],
  thankYou: [] as FormBlock[],
  showThankYou: 'notshow' as 'show' | 'notshow',
  inlinePosition: '6th',
  /** The pop-up's style (extra_fields.popupStyle); null: none chosen, the pop-up looks as DEFAULT_POPUP_STYLE and none is saved. */
  style: null as PopupStyle | null,
  view: 'main' as 'main' | 'thankyou',
  previewDevice: 'mobile' as 'mobile' | 'desktop',
  selectedBlock: null as string | null,
  paletteOpen: true,
  forever: true,
  startDate: null as string | null,
  endDate: null as string | null,
  startHour: '00:00',
  endHour: '23:00',
  images: {
    mobile: null,
    desktop: null,
    background: null,
    overlayDesktop: null,
    overlayMobile: null,
    thankYou: null,
  } as Record<ImageKey, string | null>,
  imageLinks: {
    mobile: noImageLink(),
    desktop: noImageLink(),
    background: noImageLink(),
    overlayDesktop: noImageLink(),
    overlayMobile: noImageLink(),
    thankYou: noImageLink(),
  } as Record<ImageKey, ImageLink>,
  appearance: null as null | { startTime: string; endTime: string | null },
  isSponsor: false,
  /** With sponsored content on: only what the chosen sponsoring clients sponsor (true), or none of it (false). */
  includeSponsoredOnlyList: false,
  sponsorIds: [] as number[],
  sponsors: [] as Array<{ id: number; name: string }>,
  frequency: String(CAMPAIGN_DEFAULTS.frequency),
  leads: String(CAMPAIGN_DEFAULTS.leads),
  price: String(CAMPAIGN_DEFAULTS.pricePerLead),
  /** 'Stop when the goal is reached': the billable lead that reaches the leads goal pauses the campaign. */
  stopAtGoal: false,
  /** Rules and extra_fields keys of the campaign that the builder does not edit, saved back as they came. */
  rulesKept: [] as CampaignRule[],
  extraKept: {} as Record<string, unknown>,
  /** Counts the saves refused, so that the DESIGN step scrolls to the block selected for it. */
  refusals: 0,
  dirty: false,
});

export type BuilderState = ReturnType<typeof blank>;
export type Readable = BuilderState | Snapshot<BuilderState>;

/** The campaign builder: one proxy for its five steps; the actions live in *.actions.ts. */
export const builder = proxy(blank());
onSessionReset(() => Object.assign(builder, blank()));

/** Marks an edit: the builder has unsaved changes (what it shows as wrong is worked out from the state: validation.ts). */
export const touch = (): void => {
  builder.dirty = true;
};

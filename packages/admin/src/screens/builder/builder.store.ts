import {
  CAMPAIGN_DEFAULTS,
  Messages,
  LAYOUTS,
  blockRefusal,
  campaignSaveErrors,
  clampTimeOnPage,
  linkError,
  normalizeLink,
  newAnswer,
  type BlockName,
  type CampaignDetail,
  type CampaignPayload,
  type CampaignTarget,
  type DeviceType,
  type FieldErrors,
  type FormBlock,
  type Layout,
  type MatchOption,
} from '@lead/contract';
import { proxy, ref, type Snapshot } from 'valtio';
import { ApiError, api, apiBlob, isAbort } from '../../api/client.js';
import { errorMessages } from '../../api/errors.js';
import { uploadFile } from '../../api/uploads.js';
import { saveBlob } from '../../lib/download.js';
import { navigate } from '../../router/hash-location.js';
import { onSessionReset } from '../../stores/reset.js';
import { notify } from '../../stores/ui.js';
import { DESKTOP_ONLY, displayTypeOf, isThankYouLayout, newBlock, sampleForms, thankYouDefaults } from './samples.js';

export const STEPS = ['target', 'template', 'trigger', 'design', 'settings'] as const;
export type StepId = (typeof STEPS)[number];
export const STEP_LABELS: Record<StepId, string> = { target: 'TARGET', template: 'TEMPLATE', trigger: 'TRIGGER', design: 'DESIGN', settings: 'SETTINGS' };

const blank = () => ({
  mode: 'create' as 'create' | 'edit',
  id: null as number | null,
  loaded: false,
  siteId: 0,
  siteHost: '',
  clientId: 0,
  name: CAMPAIGN_DEFAULTS.name as string,
  step: 'target' as StepId,
  status: 1 as number,
  layout: null as Layout | null,
  devices: [1, 2] as DeviceType[],
  targetType: 'links' as 'links' | 'tags' | 'csv',
  /** A CSV of targets: the file (kept out of the proxy), its check by the server, its errors. */
  csv: { file: null as File | null, name: '', status: 'none' as 'none' | 'checking' | 'valid' | 'invalid', message: '', errors: [] as string[] },
  hasImport: false,
  targets: [] as CampaignTarget[],
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
  view: 'main' as 'main' | 'thankyou',
  previewDevice: 'mobile' as 'mobile' | 'desktop',
  selectedBlock: null as string | null,
  paletteOpen: true,
  forever: true,
  startDate: null as string | null,
  endDate: null as string | null,
  startHour: '00:00',
  endHour: '23:00',
  images: { mobile: null as string | null, desktop: null as string | null, background: null as string | null },
  appearance: null as null | { startTime: string; endTime: string | null },
  isSponsor: false,
  sponsorIds: [] as number[],
  sponsors: [] as Array<{ id: number; name: string }>,
  frequency: String(CAMPAIGN_DEFAULTS.frequency),
  leads: String(CAMPAIGN_DEFAULTS.leads),
  price: String(CAMPAIGN_DEFAULTS.pricePerLead),
  errors: null as FieldErrors | null,
  dirty: false,
});

/** The campaign builder (spec 2 Campaign builder, 3 Builder state, 5, 9). */
export const builder = proxy(blank());
onSessionReset(() => Object.assign(builder, blank()));

const touch = () => {
  builder.dirty = true;
  builder.errors = null;
};

/* ---------- start ---------- */

export function startCreate(query: URLSearchParams): void {
  Object.assign(builder, blank(), {
    mode: 'create',
    loaded: true,
    name: query.get('campaignName') || CAMPAIGN_DEFAULTS.name,
    siteId: Number(query.get('siteID')) || 0,
    siteHost: query.get('siteURL') ?? '',
    clientId: Number(query.get('clientID')) || 0,
  });
}

const ruleValue = (c: CampaignDetail, name: string) => c.rules.find((r) => r.rule === name)?.value;
const parseBlocks = (json: unknown): FormBlock[] | null => {
  if (typeof json !== 'string' || !json) return null;
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? (value as FormBlock[]) : null;
  } catch {
    return null;
  }
};

export async function startEdit(id: number, query: URLSearchParams): Promise<void> {
  Object.assign(builder, blank(), { mode: 'edit', id });
  try {
    const res = await api<{ campaign: CampaignDetail }>('GET', `campaign/${id}`);
    const c = res._data.campaign;
    const ef = c.extra_fields ?? {};
    const v21 = ef.popupVersion === '2.1' && (LAYOUTS as readonly string[]).includes(ef.currentLayout ?? '');
    const layout = v21 ? (ef.currentLayout as Layout) : 'LightBoxA';
    const [start, end] = [c.started_at, c.ended_at].map((d) => (d ? d.split(' ') : [null, null]));
    Object.assign(builder, {
      loaded: true,
      siteId: c.site.id,
      siteHost: query.get('siteURL') || c.site.name,
      clientId: c.client.id,
      name: c.name,
      status: c.status,
      layout,
      devices: [...c.device_types],
      targetType: ef.targetLinkType === 'tags' || ef.targetLinkType === 'csv' ? ef.targetLinkType : 'links',
      hasImport: c.is_target_import,
      csv: { file: null, name: typeof ef.csvName === 'string' ? ef.csvName : '', status: 'none', message: '', errors: [] },
      targets: c.targets.map((t) => ({ ...t, sub_target: [...(t.sub_target ?? [])] })),
      trigger: c.trigger_type === 'on_scroll' ? 'on_scroll' : 'on_landing',
      timeOnPage: Number(ruleValue(c, 'time_on_page') ?? CAMPAIGN_DEFAULTS.timeOnPage),
      timeOnPageText: String(ruleValue(c, 'time_on_page') ?? CAMPAIGN_DEFAULTS.timeOnPage),
      scroll: Number(ruleValue(c, 'scroll_percent') ?? CAMPAIGN_DEFAULTS.scroll),
      // Spec 3: a campaign saved before 2.1 is rebuilt from its forms in LightBoxA.
      forms: v21 ? c.forms : c.forms.filter((b) => b.name === 'LinkButton').concat(c.forms.some((b) => b.name === 'LinkButton') ? [] : [newBlock('LinkButton')]),
      thankYou: parseBlocks(ef.listBlockThankyou) ?? thankYouDefaults(c.site.id),
      showThankYou: ef.popupShowThankYou === 'show' ? 'show' : 'notshow',
      inlinePosition: ef.popupInlinePosition ?? '6th',
      previewDevice: DESKTOP_ONLY.includes(layout) ? 'desktop' : 'mobile',
      forever: c.forever,
      startDate: start?.[0] ?? null,
      endDate: end?.[0] ?? null,
      startHour: (start?.[1] ?? '00:00').slice(0, 5),
      endHour: (end?.[1] ?? '23:00').slice(0, 5),
      images: { mobile: c.image, desktop: c.image_desktop, background: c.image_background },
      appearance: (ruleValue(c, 'appearance_time') as { startTime: string; endTime: string } | undefined) ?? null,
      isSponsor: Boolean(c.is_sponsor),
      sponsorIds: [...(c.sponsor_ids ?? [])],
      frequency: String(ruleValue(c, 'days_to_show_again') ?? CAMPAIGN_DEFAULTS.frequency),
      leads: String(c.kpis?.lead ?? CAMPAIGN_DEFAULTS.leads),
      price: String(c.price ?? CAMPAIGN_DEFAULTS.pricePerLead),
    });
  } catch (error) {
    if (!isAbort(error)) navigate('/');
  }
}

/* ---------- steps ---------- */

export function goTo(step: StepId): void {
  builder.step = step;
}

type BuilderState = ReturnType<typeof blank>;
type Readable = BuilderState | Snapshot<BuilderState>;

/**
 * Which steps are complete enough to move on (create mode runs them in order), the save rules
 * run once for all of them. Give it the component's snapshot, so that the component re-renders
 * when what it read changes.
 */
export function stepValidity(b: Readable = builder): Record<StepId, boolean> {
  const errorKeys = Object.keys(campaignSaveErrors(toPayload(b), { siteHost: b.siteHost, mode: b.mode }) ?? {});
  const target =
    b.devices.length > 0 &&
    (b.targetType === 'csv' ? b.csv.status === 'valid' || (b.mode === 'edit' && b.hasImport && b.csv.status === 'none') : b.targets.length > 0);
  return {
    target,
    template: b.layout !== null,
    trigger: b.layout !== null,
    design: b.name.trim() !== '' && !errorKeys.some((k) => k.startsWith('forms') || k === 'name'),
    settings: !errorKeys.some((k) => k.startsWith('rules') || k === 'kpis.lead' || k === 'price' || k === 'started_at'),
  };
}

export const stepValid = (step: StepId, b: Readable = builder): boolean => stepValidity(b)[step];

/* ---------- target ---------- */

export function setTargetType(type: 'links' | 'tags' | 'csv'): void {
  if (type === builder.targetType) return;
  builder.targetType = type;
  builder.targets = [];
  touch();
}

/** Spec 5: a CSV of targets is checked by the server first; its errors are listed per row. */
export async function setCsvFile(file: File): Promise<void> {
  builder.csv = { file: ref(file), name: file.name, status: 'checking', message: '', errors: [] };
  touch();
  const body = new FormData();
  body.set('site_id', String(builder.siteId));
  body.set('csv', file);
  try {
    const res = await api('POST', 'campaign/validation', { body, hideError: true });
    builder.csv.status = 'valid';
    builder.csv.message = res._messages[0] ?? '';
  } catch (error) {
    if (!(error instanceof ApiError)) return;
    builder.csv.status = 'invalid';
    builder.csv.errors = errorMessages(error.body);
  }
}
export function clearCsv(): void {
  builder.csv = { file: null, name: '', status: 'none', message: '', errors: [] };
}
export async function downloadSample(): Promise<void> {
  try {
    saveBlob(await apiBlob('POST', 'campaign/csv/sample', { json: { site_id: builder.siteId } }), `targets-sample-${builder.siteHost}.csv`);
  } catch {
    /* shown by the client */
  }
}
export async function downloadImport(): Promise<void> {
  if (builder.id === null) return;
  try {
    saveBlob(await apiBlob('GET', `campaign/${builder.id}/targets/csv`), `campaign-${builder.id}-targets.csv`);
  } catch {
    /* shown by the client */
  }
}
export function setLinkDraft(text: string): void {
  builder.linkDraft = text;
  builder.linkError = null;
}
export function setLinkOption(option: MatchOption): void {
  builder.linkOption = option;
}
/** Adds the typed link (spec 5: on the site's host, lowercased and URI-encoded). */
export function addLink(): void {
  const error = linkError(builder.linkDraft, builder.siteHost);
  if (error) {
    builder.linkError = error;
    return;
  }
  const target = normalizeLink(builder.linkDraft);
  if (!builder.targets.some((t) => t.target === target && t.option === builder.linkOption)) {
    builder.targets.push({ type: 'links', option: builder.linkOption, target, sub_target: [] });
  }
  builder.linkDraft = '';
  touch();
}
/** Sub-targets: pages under a "Start with" link where the pop-up does not show (spec 3, excluding list). */
export function setSubDraft(index: number, text: string): void {
  builder.subDrafts[index] = { text, option: builder.subDrafts[index]?.option ?? 'start_with', error: null };
}
export function setSubOption(index: number, option: MatchOption): void {
  builder.subDrafts[index] = { text: builder.subDrafts[index]?.text ?? '', option, error: null };
}
export function addSubTarget(index: number): void {
  const target = builder.targets[index];
  const draft = builder.subDrafts[index];
  if (!target || !draft) return;
  const error = linkError(draft.text, builder.siteHost);
  if (error) {
    draft.error = error;
    return;
  }
  target.sub_target.push({ option: draft.option, value: normalizeLink(draft.text) });
  builder.subDrafts[index] = { text: '', option: draft.option, error: null };
  touch();
}
export function removeSubTarget(index: number, subIndex: number): void {
  builder.targets[index]?.sub_target.splice(subIndex, 1);
  touch();
}

export function setTags(tags: string[]): void {
  builder.targets = tags.map((target) => ({ type: 'tags', option: 'exact_match', target: target.toLowerCase(), sub_target: [] }));
  touch();
}
export function removeTarget(index: number): void {
  builder.targets.splice(index, 1);
  builder.subDrafts = {};
  touch();
}
export function setDevices(devices: DeviceType[]): void {
  builder.devices = devices;
  touch();
}

/* ---------- template ---------- */

/**
 * Spec 2: choosing a layout resets the builder's design, loads the layout's sample, sets the
 * display type and preview device (Sidebar, Fullscreen and Slider are Desktop only), puts the
 * inline position at 6th, and jumps to TRIGGER.
 */
export function chooseLayout(layout: Layout): void {
  builder.layout = layout;
  builder.forms = sampleForms(layout);
  builder.thankYou = thankYouDefaults(builder.siteId);
  builder.showThankYou = 'notshow';
  builder.view = 'main';
  builder.selectedBlock = null;
  builder.previewDevice = DESKTOP_ONLY.includes(layout) ? 'desktop' : 'mobile';
  builder.inlinePosition = '6th';
  if (layout.startsWith('Inline')) builder.trigger = 'on_scroll';
  touch();
  builder.step = 'trigger';
}

/* ---------- trigger ---------- */

export const triggerLocked = (): boolean => Boolean(builder.layout?.startsWith('Inline'));
export function setTrigger(trigger: 'on_landing' | 'on_scroll'): void {
  if (triggerLocked()) return;
  builder.trigger = trigger;
  touch();
}
/** Spec 5: time on page is 3 to 100 seconds, absolute value (the field shows it once left). */
export function setTimeOnPage(text: string): void {
  builder.timeOnPageText = text;
  builder.timeOnPage = clampTimeOnPage(Number(text));
  touch();
}
export function settleTimeOnPage(): void {
  builder.timeOnPageText = String(builder.timeOnPage);
}
export function setScroll(percent: number): void {
  builder.scroll = percent;
  touch();
}

/* ---------- design ---------- */

export function setName(name: string): void {
  builder.name = name;
  touch();
}
export const currentBlocks = (): FormBlock[] => (builder.view === 'thankyou' ? builder.thankYou : builder.forms);

export function setBlocks(blocks: FormBlock[]): void {
  if (builder.view === 'thankyou') builder.thankYou = blocks;
  else builder.forms = blocks;
  // Spec 4: selecting an OTP block sets the thank-you to show.
  if (blocks.some((b) => b.name.endsWith('OTP'))) builder.showThankYou = 'show';
  touch();
}
export const refusal = (name: BlockName): string | null => blockRefusal(currentBlocks(), name, builder.layout ?? undefined);

/** The Blocks palette folds away to give the canvas and the preview room. */
export function togglePalette(): void {
  builder.paletteOpen = !builder.paletteOpen;
}

export function selectBlock(id: string | null): void {
  builder.selectedBlock = id;
}
function selected(): FormBlock | undefined {
  return currentBlocks().find((b) => String(b.id) === builder.selectedBlock);
}
export function updateBlock(patch: Partial<FormBlock['data']>): void {
  const b = selected();
  if (!b) return;
  Object.assign(b.data, patch);
  touch();
}
/** Spec 5: images up to 1 MB and mp4 videos up to 5 MB, uploaded and set as the block's URL. */
export async function uploadBlockMedia(file: File): Promise<void> {
  const b = selected();
  if (!b || (b.name !== 'Image' && b.name !== 'Video')) return;
  const url = b.name === 'Image' ? await uploadFile('image', file, [Messages.builderImageTooLarge]) : await uploadFile('video', file, [Messages.videoTooLarge]);
  if (url === null) return;
  b.data.url = url;
  touch();
}

/** The pop-up's pictures: mobile and desktop images (1 MB), the background (500 KB, an overlay). */
export async function uploadImage(which: 'mobile' | 'desktop' | 'background', file: File): Promise<void> {
  const url = await uploadFile(which === 'background' ? 'overlay' : 'image', file, [Messages.builderImageTooLarge]);
  if (url === null) return;
  builder.images[which] = url;
  touch();
}
export function removeImage(which: 'mobile' | 'desktop' | 'background'): void {
  builder.images[which] = null;
  touch();
}

export function addAnswer(): void {
  const b = selected();
  if (!b) return;
  const list = (b.data.listQuestion ??= []);
  list.push(newAnswer(list.length + 1));
  touch();
}
/** Spec 5: answers can be deleted from the third on; two stay. */
export function removeAnswer(index: number): void {
  const b = selected();
  if (!b?.data.listQuestion || index < 2) return;
  b.data.listQuestion.splice(index, 1);
  touch();
}
export function setAnswer(index: number, patch: { value?: string; placeholder?: string }): void {
  const a = selected()?.data.listQuestion?.[index];
  if (a) Object.assign(a, patch);
  touch();
}
export function setView(view: 'main' | 'thankyou'): void {
  builder.view = view;
  builder.selectedBlock = null;
}
export function setPreviewDevice(device: 'mobile' | 'desktop'): void {
  if (device === 'mobile' && builder.layout && DESKTOP_ONLY.includes(builder.layout)) return;
  builder.previewDevice = device;
}
export function setShowThankYou(show: boolean): void {
  builder.showThankYou = show ? 'show' : 'notshow';
  touch();
}
export function setInlinePosition(position: string): void {
  builder.inlinePosition = position;
  touch();
}
/**
 * Spec 2: Next on DESIGN with a phone-OTP field while the thank-you view is not shown yet opens
 * the thank-you editor first. Returns whether it did.
 */
export function thankYouFirst(): boolean {
  if (builder.forms.some((b) => b.name === 'PhoneOTP') && isThankYouLayout(builder.layout) && builder.view !== 'thankyou') {
    builder.showThankYou = 'show';
    builder.view = 'thankyou';
    return true;
  }
  return false;
}

/* ---------- settings ---------- */

export function setForever(forever: boolean): void {
  builder.forever = forever;
  touch();
}
export function setDates(start: string | null, end: string | null): void {
  builder.startDate = start;
  builder.endDate = end;
  touch();
}
export function setHour(which: 'startHour' | 'endHour', hour: string): void {
  builder[which] = hour;
  touch();
}
/** Spec 5: appearance end options come after the start; an end at or before the start is cleared. */
export function setAppearance(on: boolean): void {
  builder.appearance = on ? { startTime: '08:00', endTime: '22:00' } : null;
  touch();
}
export function setAppearanceStart(startTime: string): void {
  if (!builder.appearance) return;
  builder.appearance.startTime = startTime;
  if (builder.appearance.endTime !== null && builder.appearance.endTime <= startTime) builder.appearance.endTime = null;
  touch();
}
export function setAppearanceEnd(endTime: string | null): void {
  if (builder.appearance) builder.appearance.endTime = endTime;
  touch();
}

/** The site's sponsors (from its CMS, or the stored fallback); a failure is only logged (spec 8). */
export async function loadSponsors(): Promise<void> {
  try {
    const res = await api<{ models: Array<{ id: number; name: string }> }>('GET', `sites/${builder.siteId}/sponsors`, { hideLoading: true, hideError: true });
    builder.sponsors = res._data.models;
  } catch (error) {
    if (!isAbort(error)) console.warn('sponsors could not be loaded', error);
  }
}
/** Spec 5: excluding all sponsored content clears the sponsor list. */
export function setSponsored(on: boolean): void {
  builder.isSponsor = on;
  if (!on) builder.sponsorIds = [];
  touch();
}
export function setSponsorIds(ids: number[]): void {
  builder.sponsorIds = ids;
  touch();
}

export function setNumber(which: 'frequency' | 'leads' | 'price', text: string): void {
  builder[which] = text;
  touch();
}

/* ---------- save ---------- */

const num = (text: string): number | string => (text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text);

/** The builder's state as the API's campaign payload (extra_fields version 2.1). */
export function toPayload(b: Readable = builder): CampaignPayload {
  const layout = b.layout ?? 'LightBoxB';
  return {
    name: b.name.trim(),
    display_type: displayTypeOf(layout) as CampaignPayload['display_type'],
    device_types: [...b.devices],
    rules: [
      b.trigger === 'on_landing' ? { rule: 'time_on_page', value: b.timeOnPage } : { rule: 'scroll_percent', value: b.scroll },
      { rule: 'days_to_show_again', value: num(b.frequency) },
      ...Object.entries(CAMPAIGN_DEFAULTS.fixedRules).map(([rule, value]) => ({ rule, value })),
      ...(b.appearance?.endTime ? [{ rule: 'appearance_time', value: { startTime: b.appearance.startTime, endTime: b.appearance.endTime } }] : []),
    ],
    trigger_type: b.trigger,
    forms: b.forms.map((f) => ({ ...f, data: { ...f.data } })) as FormBlock[],
    extra_fields: {
      popupVersion: '2.1',
      currentLayout: layout,
      targetLinkType: b.targetType,
      ...(b.targetType === 'csv' && b.csv.status === 'valid' ? { csvName: b.csv.name } : {}),
      popupShowThankYou: b.showThankYou,
      popupInlinePosition: b.inlinePosition,
      listBlockAdded: JSON.stringify(b.forms.map((f) => f.name)),
      listBlockThankyou: JSON.stringify(b.thankYou),
    },
    targets: b.targetType === 'csv' ? [] : (b.targets.map((t) => ({ ...t, sub_target: [...t.sub_target] })) as CampaignTarget[]),
    site_id: b.siteId,
    client_id: b.clientId,
    kpis: { lead: num(b.leads) },
    price: num(b.price),
    image: b.images.mobile,
    image_desktop: b.images.desktop,
    image_background: b.images.background,
    is_sponsor: b.isSponsor,
    sponsor_ids: [...b.sponsorIds],
    forever: b.forever,
    started_at: b.forever || !b.startDate ? null : `${b.startDate} ${b.startHour}:00`,
    ended_at: b.forever || !b.endDate ? null : `${b.endDate} ${b.endHour}:00`,
  };
}

/** After a save with a new CSV, its targets go in; spec 8: a failure says so with the admin note. */
async function uploadCsv(id: number): Promise<boolean> {
  const file = builder.csv.file;
  if (builder.targetType !== 'csv' || builder.csv.status !== 'valid' || !file) return true;
  const body = new FormData();
  body.set('_method', 'put');
  body.set('csv', file);
  try {
    await api('POST', `campaign/${id}?_target`, { body, hideError: true });
    return true;
  } catch (error) {
    if (error instanceof ApiError) notify('error', errorMessages(error.body)[0]!, 'Please try again or contact admin!');
    return false;
  }
}

/** The step where an error key is fixed. */
export function stepOf(key: string): StepId {
  if (key.startsWith('targets') || key === 'device_types') return 'target';
  if (key.startsWith('forms') || key === 'name') return 'design';
  return 'settings';
}

/**
 * Checks every save-blocking rule with the server's own code (spec 5); on the first problem, says
 * it, goes to its step and selects its block. Otherwise saves: create goes to the success page,
 * edit back to the list. An expired campaign saved in edit mode first gets its new timeframe.
 */
export async function save(): Promise<void> {
  const payload = toPayload();
  const errors = campaignSaveErrors(payload, { siteHost: builder.siteHost, mode: builder.mode, hasImport: builder.hasImport });
  if (builder.targetType === 'csv' && builder.csv.status === 'invalid') {
    notify('error', builder.csv.errors[0] ?? 'Something wrong, please try again');
    builder.step = 'target';
    return;
  }
  if (errors) {
    builder.errors = errors;
    const [key, messages] = Object.entries(errors)[0]!;
    notify('error', messages[0]!);
    builder.step = stepOf(key);
    const block = /^forms\.(\d+)$/.exec(key);
    if (block) {
      builder.view = 'main';
      builder.selectedBlock = String(builder.forms[Number(block[1])]?.id ?? '');
    }
    return;
  }
  try {
    if (builder.mode === 'create') {
      const res = await api<{ model: { id: number } }>('POST', 'campaign', { json: payload, hideError: true });
      // The campaign exists now: a retry after a failed CSV upload must update it, not create another.
      Object.assign(builder, { mode: 'edit', id: res._data.model.id });
      if (!(await uploadCsv(res._data.model.id))) return;
      builder.dirty = false;
      navigate('/create-campaign-success');
    } else {
      if (builder.status === 3 && !payload.forever) {
        await api('POST', `campaign/${builder.id}/activation`, { json: { started_at: payload.started_at, ended_at: payload.ended_at }, hideError: true });
      }
      const res = await api('PUT', `campaign/${builder.id}`, { json: payload, hideError: true });
      if (!(await uploadCsv(builder.id!))) return;
      builder.dirty = false;
      notify('success', res._messages[0] || 'Campaign has been updated!');
      navigate('/');
    }
  } catch (error) {
    // Spec 8: a failed campaign save shows the first _messages item.
    if (error instanceof ApiError) notify('error', error.body?._messages?.[0] || error.message);
  }
}

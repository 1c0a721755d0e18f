import { linkError, normalizeLink, type CampaignTarget, type DeviceType, type MatchOption } from '@lead/contract';
import { ref } from 'valtio';
import { ApiError, call, callBlob } from '../../api/client.js';
import { errorMessages } from '../../api/errors.js';
import { saveBlob } from '../../lib/download.js';
import { DESKTOP_ONLY } from './samples.js';
import { builder, touch } from './state.js';

/* The TARGET step: links (with pages excluded under them), tags or a CSV of targets, and devices. */

const copy = (targets: readonly CampaignTarget[]): CampaignTarget[] =>
  targets.map((t) => ({ ...t, sub_target: t.sub_target.map((x) => ({ ...x })) }));

/**
 * "Target by": each kind keeps what it holds while another is shown (Links to Tags and back keeps
 * the links, and the tags); only the kind shown when saving is saved (wire.ts `toPayload`).
 */
export function setTargetType(type: 'links' | 'tags' | 'csv'): void {
  if (type === builder.targetType) return;
  const from = builder.targetType;
  if (from !== 'csv') builder.keptTargets[from] = copy(builder.targets);
  builder.targetType = type;
  builder.targets = type === 'csv' ? [] : copy(builder.keptTargets[type]);
  builder.subDrafts = {};
  touch();
}

/** A CSV of targets is checked by the server first; its errors are listed per row. */
export async function setCsvFile(file: File): Promise<void> {
  builder.csv = { file: ref(file), name: file.name, status: 'checking', message: '', errors: [] };
  touch();
  const body = new FormData();
  body.set('site_id', String(builder.siteId));
  body.set('csv', file);
  try {
    const res = await call('POST /api/admin/campaign/validation', { form: body, hideError: true });
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
    saveBlob(
      await callBlob('POST /api/admin/campaign/csv/sample', { body: { site_id: builder.siteId } }),
      `targets-sample-${builder.siteHost}.csv`,
    );
  } catch {
    /* shown by the shell (api/failures.ts) */
  }
}
export async function downloadImport(): Promise<void> {
  if (builder.id === null) return;
  try {
    saveBlob(
      await callBlob('GET /api/admin/campaign/:id/targets/csv', { params: { id: builder.id } }),
      `campaign-${builder.id}-targets.csv`,
    );
  } catch {
    /* shown by the shell (api/failures.ts) */
  }
}
export function setLinkDraft(text: string): void {
  builder.linkDraft = text;
  builder.linkError = null;
}
export function setLinkOption(option: MatchOption): void {
  builder.linkOption = option;
}
/** Adds the typed link (on the site's host, lowercased and URI-encoded). */
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
/** Sub-targets: pages under a "Start with" link where the pop-up does not show. */
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
  builder.targets = tags.map((target) => ({
    type: 'tags',
    option: 'exact_match',
    target: target.toLowerCase(),
    sub_target: [],
  }));
  touch();
}
export function removeTarget(index: number): void {
  builder.targets.splice(index, 1);
  builder.subDrafts = {};
  touch();
}
/** The devices chosen; with a desktop-only layout Desktop is fixed (the boxes are disabled) and the choice waits. */
export function setDevices(devices: DeviceType[]): void {
  if (builder.layout && DESKTOP_ONLY.includes(builder.layout)) return;
  builder.devices = devices;
  touch();
}

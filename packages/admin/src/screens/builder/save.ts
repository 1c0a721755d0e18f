import { CAMPAIGN_DEFAULTS, Messages } from '@lead/contract';
import { ApiError, isAbort, call } from '../../api/client.js';
import { errorMessages } from '../../api/errors.js';
import { reportNotice } from '../../api/failures.js';
import { serverConfig } from '../../config.js';
import { warnAfterSave } from '../../publish/notice.js';
import { publishState, type PublishState } from '../../publish/publish.js';
import { navigate } from '../../router/hash-location.js';
import { notify } from '../../stores/ui.js';
import { isThankYouLayout } from './samples.js';
import { blank, builder, type StepId } from './state.js';
import { builderErrors, stepOf } from './validation.js';
import { fromDetail, needsActivation, toPayload } from './wire.js';

/* Opening the builder (create or edit), moving between steps, and saving. */

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

export async function startEdit(id: number, query: URLSearchParams): Promise<void> {
  Object.assign(builder, blank(), { mode: 'edit', id });
  try {
    const res = await call('GET /api/admin/campaign/:id', { params: { id } });
    const c = res._data.campaign;
    Object.assign(builder, fromDetail(c, query.get('siteURL') || c.site.name));
  } catch (error) {
    if (!isAbort(error)) navigate('/');
  }
}

export function goTo(step: StepId): void {
  builder.step = step;
}

/** After a save with a new CSV, its targets go in; a failure says so with the admin note. */
async function uploadCsv(id: number): Promise<boolean> {
  const file = builder.csv.file;
  if (builder.targetType !== 'csv' || builder.csv.status !== 'valid' || !file) return true;
  const body = new FormData();
  body.set('_method', 'put');
  body.set('csv', file);
  try {
    await call('POST /api/admin/campaign/:id', {
      params: { id },
      query: { _target: '1' },
      form: body,
      hideError: true,
    });
    return true;
  } catch (error) {
    if (error instanceof ApiError) reportNotice(errorMessages(error.body)[0]!, 'Please try again or contact admin!');
    return false;
  }
}

/** Now, as the wire writes it: 'YYYY-MM-DD HH:mm:00' in the server's time zone. */
function nowOnWire(timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date())
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:00`;
}

/**
 * Whether the builder may save: the same messages the steps show (validation.ts), none of them
 * left. On the first one it says it, goes to its step and selects its block, and returns false.
 */
export function checkSave(): boolean {
  const errors = builderErrors(builder);
  const first = Object.entries(errors)[0];
  if (!first) return true;
  const [key, messages] = first;
  // No device: 'The given data was invalid.' over 'The Device Types must have at least 1 item.'
  if (key === 'device_types') notify('error', Messages.invalidData, messages[0]);
  else notify('error', messages[0]!);
  builder.step = stepOf(key);
  // A block's message: its view shown, the block selected (a thank-you block's too).
  const block = /^(forms|thankYou)\.(\d+)$/.exec(key);
  const blocks = block?.[1] === 'thankYou' ? builder.thankYou : builder.forms;
  // The thank-you view can be shown on a thank-you layout only (elsewhere its message is under the canvas).
  const view = block?.[1] === 'thankYou' ? 'thankyou' : 'main';
  if (block && blocks[Number(block[2])] && (view === 'main' || isThankYouLayout(builder.layout))) {
    builder.view = view;
    builder.selectedBlock = String(blocks[Number(block[2])]!.id);
  }
  builder.refusals++;
  return false;
}

/** What the runtime says of the saved campaign now (publish.ts); null when it cannot be read. */
async function publishedNow(id: number): Promise<PublishState | null> {
  try {
    const res = await call('GET /api/admin/campaign/:id', { params: { id }, hideError: true });
    return await publishState(res._data.campaign);
  } catch {
    return null;
  }
}

/** The saved toast's second line: the campaign it is about, by name. */
export const savedNote = (name: string): string => `“${name.trim()}” is saved.`;

/**
 * Saves what the steps show, once none of them shows an error (checkSave): create goes to the
 * success page, edit back to the list (which then names the other running campaigns that win
 * its pages, if any: a warning that blocks nothing). An expired campaign saved in edit mode first posts an
 * activation with its new timeframe (from now, and ongoing, when "start now" is chosen).
 */
export async function save(): Promise<void> {
  if (!checkSave()) return;
  const payload = toPayload(builder);
  try {
    if (builder.mode === 'create') {
      const res = await call('POST /api/admin/campaign', { body: payload, hideError: true });
      // The campaign exists now: a retry after a failed CSV upload must update it, not create another.
      Object.assign(builder, { mode: 'edit', id: res._data.model.id });
      if (!(await uploadCsv(res._data.model.id))) return;
      builder.dirty = false;
      // The success page names the campaign and links to it (its query, so that a reload keeps them).
      const query = new URLSearchParams({
        id: String(res._data.model.id),
        name: payload.name,
        siteID: String(builder.siteId),
        siteURL: builder.siteHost,
      });
      navigate(`/create-campaign-success?${query}`);
    } else {
      if (needsActivation(builder.status, builder.mode)) {
        const started_at = payload.started_at ?? nowOnWire(serverConfig.timeZone);
        await call('POST /api/admin/campaign/:id/activation', {
          params: { id: builder.id! },
          body: { started_at, ended_at: payload.ended_at ?? null },
          hideError: true,
        });
      }
      const res = await call('PUT /api/admin/campaign/:id', {
        params: { id: builder.id! },
        body: payload,
        hideError: true,
      });
      if (!(await uploadCsv(builder.id!))) return;
      builder.dirty = false;
      // The spec's words, and which campaign they are about (the list it returns to may not show it).
      notify('success', res._messages[0] || 'Campaign has been updated!', savedNote(payload.name));
      navigate('/');
      // Other running campaigns that a visitor would see instead on its pages: the list names them (publish/notice.ts).
      const id = builder.id!;
      void publishedNow(id).then(
        (published) => published?.rivals.length && warnAfterSave({ id, name: payload.name, state: published }),
      );
    }
  } catch (error) {
    // A failed campaign save shows the first _messages item.
    if (error instanceof ApiError) reportNotice(error.body?._messages?.[0] || error.message);
  }
}

import {
  destinationErrors,
  MAX_PAGE_SIZE,
  Messages,
  type Attempt,
  type Destination,
  type DestinationInput,
} from '@lead/contract';
import type { BodyOf, DeliveriesApi } from '@lead/contract/api';
import { proxy } from 'valtio';
import { ApiError, isAbort, call } from '../../api/client.js';
import { errorMessages } from '../../api/errors.js';
import { reportNotice } from '../../api/failures.js';
import { onSessionReset } from '../../stores/reset.js';
import { notify } from '../../stores/ui.js';
import { destinationPayload, emptyDestination, formOf, type DestinationForm } from './delivery.js';
import { plural } from '../../lib/format.js';

/** Attempts read at once on a destination's page. */
export const ATTEMPTS_PAGE = 50;

const blank = () => ({
  clientId: null as number | null,
  models: [] as Destination[],
  loaded: false,
  /** The client's campaigns, for a destination's chosen campaigns. */
  campaigns: [] as Array<{ id: number; name: string }>,
  form: null as DestinationForm | null,
  /** A webhook's secret, shown once after creation or rotation. */
  secret: null as null | { name: string; value: string },
  deleting: null as Destination | null,
  rotating: null as Destination | null,
  /** A test event is on its way (its button waits). */
  testing: false,
  /** The destination whose attempts are shown, and the page read so far. */
  attempts: null as null | {
    destination: Destination;
    models: Attempt[];
    nextBeforeId: number | null;
    loading: boolean;
  },
});

/** A client's destinations (issue #30): its page's DESTINATIONS tab, and each destination's page. */
export const delivery = proxy(blank());
onSessionReset(() => Object.assign(delivery, blank()));

/** The path parameters of destination `destId` of the client shown. */
const destination = (destId: number) => ({ id: delivery.clientId!, destId });

export async function loadDestinations(clientId: number, signal?: AbortSignal): Promise<void> {
  if (delivery.clientId !== clientId) Object.assign(delivery, blank(), { clientId });
  try {
    const [list, campaigns] = await Promise.all([
      call('GET /api/admin/clients/:id/destinations', {
        params: { id: clientId },
        hideLoading: true,
        ...(signal ? { signal } : {}),
      }),
      call('GET /api/admin/campaign', {
        query: {
          client_id: String(clientId),
          items_per_page: MAX_PAGE_SIZE,
          sort_by: 'name',
          sort_order: 'asc',
        },
        hideLoading: true,
        ...(signal ? { signal } : {}),
      }).catch(() => null),
    ]);
    if (delivery.clientId !== clientId) return;
    delivery.models = list._data.models;
    if (campaigns) delivery.campaigns = campaigns._data.models.map((c) => ({ id: c.id, name: c.name }));
    delivery.loaded = true;
  } catch (error) {
    if (!isAbort(error)) delivery.loaded = true;
  }
}

/** The destination page's settings: a new one of `kind`, or the saved one's. */
export function startDestinationForm(from: Destination['kind'] | Destination): void {
  delivery.form = typeof from === 'string' ? emptyDestination(from) : formOf(from);
}
export function setDestinationField<K extends keyof DestinationForm>(key: K, value: DestinationForm[K]): void {
  if (delivery.form) delivery.form[key] = value;
}

/** The form's rules as the server applies them (http:// only to this machine, as in development). */
export const destinationFormErrors = () =>
  delivery.form
    ? destinationErrors(destinationPayload(delivery.form), {
        allowHttpLocalhost:
          import.meta.env.DEV || location.hostname === 'localhost' || location.hostname === '127.0.0.1',
      })
    : undefined;

/** Saves the settings; answers the destination as saved (the form then holds it), or null. */
export async function saveDestination(): Promise<Destination | null> {
  const form = delivery.form;
  if (!form || destinationFormErrors()) return null;
  const json: DestinationInput = destinationPayload(form) satisfies BodyOf<DeliveriesApi['create']>;
  try {
    let model: Destination;
    if (form.id === null) {
      const res = await call('POST /api/admin/clients/:id/destinations', {
        params: { id: delivery.clientId! },
        body: json,
        hideError: true,
      });
      model = res._data.model;
      if (res._data.secret) delivery.secret = { name: model.name, value: res._data.secret };
      notify('success', res._messages[0] || Messages.saved);
    } else {
      const res = await call('PUT /api/admin/clients/:id/destinations/:destId', {
        params: destination(form.id),
        body: json,
        hideError: true,
      });
      model = res._data.model;
      notify('success', res._messages[0] || Messages.updated);
    }
    delivery.form = formOf(model);
    delivery.models = [...delivery.models.filter((d) => d.id !== model.id), model].sort((a, b) => a.id - b.id);
    return model;
  } catch (error) {
    if (error instanceof ApiError) reportNotice(errorMessages(error.body).join(', '));
    return null;
  }
}

export function askDeleteDestination(d: Destination | null): void {
  delivery.deleting = d;
}
/** Deletes the destination asked about; answers whether it is gone. */
export async function deleteDestination(): Promise<boolean> {
  const d = delivery.deleting;
  delivery.deleting = null;
  if (!d) return false;
  try {
    const res = await call('DELETE /api/admin/clients/:id/destinations/:destId', { params: destination(d.id) });
    notify('success', res._messages[0] || 'Deleted!');
    if (delivery.attempts?.destination.id === d.id) delivery.attempts = null;
    delivery.models = delivery.models.filter((x) => x.id !== d.id);
    return true;
  } catch {
    /* shown by the shell (api/failures.ts) */
    return false;
  }
}

export function askRotateSecret(d: Destination | null): void {
  delivery.rotating = d;
}
/** A new secret; the old one still signs beside it for 24 hours. */
export async function rotateSecret(): Promise<void> {
  const d = delivery.rotating;
  delivery.rotating = null;
  if (!d) return;
  try {
    const res = await call('POST /api/admin/clients/:id/destinations/:destId/secret', { params: destination(d.id) });
    delivery.secret = { name: d.name, value: res._data.secret };
  } catch {
    /* shown by the shell */
  }
}
export function dismissSecret(): void {
  delivery.secret = null;
}

/** A destination's recent attempts, newest first; `more` reads the next older page. */
export async function showAttempts(d: Destination | null, more = false): Promise<void> {
  if (!d) {
    delivery.attempts = null;
    return;
  }
  const current = delivery.attempts;
  const beforeId = more && current?.destination.id === d.id ? current.nextBeforeId : null;
  if (!more || !current) delivery.attempts = { destination: d, models: [], nextBeforeId: null, loading: true };
  else current.loading = true;
  try {
    const res = await call('GET /api/admin/clients/:id/destinations/:destId/attempts', {
      params: destination(d.id),
      query: { limit: ATTEMPTS_PAGE, before_id: beforeId },
      hideLoading: true,
    });
    const a = delivery.attempts;
    if (a?.destination.id !== d.id) return;
    a.models = beforeId ? [...a.models, ...res._data.models] : res._data.models;
    a.nextBeforeId = res._data.next_before_id;
  } catch {
    /* shown by the shell */
  } finally {
    if (delivery.attempts?.destination.id === d.id) delivery.attempts.loading = false;
  }
}

/** Sends leads to a webhook again (each keeps its webhook-id): the failed ones, or those of a date range. */
export async function replay(
  d: Destination,
  scope: { failed_only: true } | { from: string; to: string } | { lead_ids: number[] },
): Promise<void> {
  try {
    const res = await call('POST /api/admin/deliveries/replay', { body: { destination_id: d.id, ...scope } });
    notify('success', replayMessage(res._data.queued));
    if (delivery.attempts?.destination.id === d.id) await showAttempts(d);
  } catch {
    /* shown by the shell */
  }
}

/** Sends the webhook a signed test event now; its attempt heads the attempts log, delivered or not. */
export async function sendTestEvent(d: Destination): Promise<void> {
  if (delivery.testing) return;
  delivery.testing = true;
  try {
    const res = await call('POST /api/admin/clients/:id/destinations/:destId/test', {
      params: destination(d.id),
      hideLoading: true,
      hideError: true,
    });
    const attempt = res._data.model;
    const ok = attempt.status !== null && attempt.status >= 200 && attempt.status < 300;
    notify(ok ? 'success' : 'error', res._messages[0] || (ok ? 'Delivered' : 'Not delivered'));
    const a = delivery.attempts;
    if (a?.destination.id === d.id) a.models = [attempt, ...a.models.filter((x) => x.id !== attempt.id)];
  } catch (error) {
    if (error instanceof ApiError) reportNotice(errorMessages(error.body).join(', '));
  } finally {
    delivery.testing = false;
  }
}

/** Sends one lead of the attempts log again (a new series of attempts, under its webhook-id). */
export const resendLead = (d: Destination, leadId: number): Promise<void> => replay(d, { lead_ids: [leadId] });

export const replayMessage = (queued: number): string =>
  queued === 0 ? 'No leads to send again.' : `${plural(queued, 'lead')} queued to be sent again.`;

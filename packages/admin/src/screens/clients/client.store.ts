import { clientErrors, Messages, type Client, type ClientPayload } from '@lead/contract';
import { proxy } from 'valtio';
import { ApiError, isAbort, call } from '../../api/client.js';
import { errorMessages } from '../../api/errors.js';
import { reportNotice } from '../../api/failures.js';
import { onSessionReset } from '../../stores/reset.js';
import { notify } from '../../stores/ui.js';
import { clients, loadClientOptions, payloadOf } from '../settings/clients.store.js';

export type ClientPageTab = 'sites' | 'profile' | 'billing' | 'destinations' | 'verdicts';

const blank = () => ({
  id: null as number | null,
  client: null as Client | null,
  notFound: false,
  /** What the tabs edit; Cancel puts back the saved client's, Save sends it (the same rules as the dialog). */
  payload: null as ClientPayload | null,
  /** Bumped by Cancel and Save: the fields start again from the payload. */
  revision: 0,
  tab: 'sites' as ClientPageTab,
});

/** A client's page (`/clients/:id`): its details, sites, billing and destinations. */
export const clientPage = proxy(blank());
onSessionReset(() => Object.assign(clientPage, blank()));

/** The client (from the clients the admin sees), the sites and the account managers. */
export async function loadClientPage(id: number, signal?: AbortSignal): Promise<void> {
  if (clientPage.id !== id) Object.assign(clientPage, blank(), { id });
  void loadClientOptions();
  try {
    const res = await call('GET /api/admin/clients', { ...(signal ? { signal } : {}) });
    if (clientPage.id !== id) return;
    const client = res._data.models.find((c) => c.id === id) ?? null;
    clientPage.client = client;
    clientPage.notFound = client === null;
    clientPage.payload = client && payloadOf(client);
  } catch (error) {
    if (!isAbort(error) && clientPage.id === id) clientPage.notFound = true;
  }
}

export function setClientField<K extends keyof ClientPayload>(key: K, value: ClientPayload[K]): void {
  if (clientPage.payload) clientPage.payload[key] = value;
}

export const clientPageErrors = () => (clientPage.payload ? clientErrors(clientPage.payload) : undefined);

/** Whether the tabs hold changes not saved. */
export const clientPageChanged = (): boolean =>
  Boolean(
    clientPage.client &&
    clientPage.payload &&
    JSON.stringify(payloadOf(clientPage.client)) !== JSON.stringify(clientPage.payload),
  );

export function cancelClientChanges(): void {
  if (!clientPage.client) return;
  clientPage.payload = payloadOf(clientPage.client);
  clientPage.revision += 1;
}

export async function saveClientPage(): Promise<void> {
  const { id, payload } = clientPage;
  if (id === null || !payload || clientPageErrors()) return;
  try {
    const res = await call('PUT /api/admin/clients/:id', { params: { id }, body: payload, hideError: true });
    notify('success', res._messages[0] || Messages.updated);
    if (clientPage.id !== id) return;
    clientPage.client = res._data.model;
    clientPage.payload = payloadOf(res._data.model);
    clientPage.revision += 1;
    // The clients list shows it as saved when the admin goes back to it.
    clients.models = clients.models.map((c) => (c.id === id ? res._data.model : c));
  } catch (error) {
    // As the dialog: a failed client save shows its messages joined by ', ' as an error.
    if (error instanceof ApiError) reportNotice(errorMessages(error.body).join(', '));
  }
}

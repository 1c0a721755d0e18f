import type { ApiKey } from '@lead/contract/api';
import { proxy } from 'valtio';
import { ApiError, isAbort, call } from '../../api/client.js';
import { errorMessages } from '../../api/errors.js';
import { onSessionReset } from '../../stores/reset.js';
import { notify } from '../../stores/ui.js';

const blank = () => ({
  clientId: null as number | null,
  models: [] as ApiKey[],
  loaded: false,
  /** The name typed for a new key, and the server's message about it. */
  name: '',
  nameError: null as string | null,
  /** A new key, shown once: it is not kept anywhere else. */
  created: null as null | { name: string; key: string },
  /** The key whose revocation waits for a yes. */
  revoking: null as ApiKey | null,
});

/** A client's API keys (docs/api/verdicts.md): on its page's VERDICTS tab, for admins who may change it. */
export const apiKeys = proxy(blank());
onSessionReset(() => Object.assign(apiKeys, blank()));

export async function loadApiKeys(clientId: number, signal?: AbortSignal): Promise<void> {
  if (apiKeys.clientId !== clientId) Object.assign(apiKeys, blank(), { clientId });
  try {
    const res = await call('GET /api/admin/clients/:id/api-keys', {
      params: { id: clientId },
      hideLoading: true,
      ...(signal ? { signal } : {}),
    });
    if (apiKeys.clientId !== clientId) return;
    apiKeys.models = res._data.models;
    apiKeys.loaded = true;
  } catch (error) {
    if (!isAbort(error) && apiKeys.clientId === clientId) apiKeys.loaded = true;
  }
}

export function setKeyName(name: string): void {
  apiKeys.name = name;
  apiKeys.nameError = null;
}

/** Makes a key named as typed; it is shown once, above the list. */
export async function createApiKey(): Promise<void> {
  const clientId = apiKeys.clientId;
  if (clientId === null) return;
  try {
    const res = await call('POST /api/admin/clients/:id/api-keys', {
      params: { id: clientId },
      body: { name: apiKeys.name },
      hideError: true,
    });
    if (apiKeys.clientId !== clientId) return;
    apiKeys.created = { name: res._data.model.name, key: res._data.key };
    apiKeys.models = [res._data.model, ...apiKeys.models];
    apiKeys.name = '';
  } catch (error) {
    if (!(error instanceof ApiError)) return;
    const field = error.body?.errors?.name?.[0];
    if (field) apiKeys.nameError = field;
    else notify('error', errorMessages(error.body).join(', ') || error.message);
  }
}

export function dismissApiKey(): void {
  apiKeys.created = null;
}

export function askRevokeApiKey(key: ApiKey | null): void {
  apiKeys.revoking = key;
}

/** Revokes the key asked about: the client's systems that use it get 401 from now on. */
export async function revokeApiKey(): Promise<void> {
  const key = apiKeys.revoking;
  const clientId = apiKeys.clientId;
  apiKeys.revoking = null;
  if (!key || clientId === null) return;
  try {
    const res = await call('DELETE /api/admin/clients/:id/api-keys/:keyId', {
      params: { id: clientId, keyId: key.id },
    });
    notify('success', res._messages[0] || 'API key revoked.');
    await loadApiKeys(clientId);
  } catch {
    /* shown by the shell */
  }
}

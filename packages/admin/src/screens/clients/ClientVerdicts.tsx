import { DEFAULT_VERDICT_WINDOW_DAYS, MAX_VERDICT_WINDOW_DAYS, type ClientPayload } from '@lead/contract';
import type { ApiKey } from '@lead/contract/api';
import { Button } from '@lead/headless/Button';
import { DataTable } from '@lead/headless/DataTable';
import { ConfirmDialog } from '@lead/headless/Dialog';
import { TextField } from '@lead/headless/TextField';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../lib/format.js';
import { useTouched } from '../../lib/form.js';
import * as s from '../../shell/shell.css.js';
import * as st from '../settings/settings.css.js';
import {
  apiKeys,
  askRevokeApiKey,
  createApiKey,
  dismissApiKey,
  loadApiKeys,
  revokeApiKey,
  setKeyName,
} from './api-keys.store.js';
import { SecretOnce } from './SecretOnce.js';
import * as cs from './clients.css.js';

const NAME_NEEDED = 'Name the key, e.g. after the system that uses it.';

/**
 * The client page's VERDICTS tab (docs/api/verdicts.md), for admins who may change the client:
 * its verdict window, saved with the client by the page's Save, and the API keys its systems send
 * verdicts with: made here (the key shown once), listed by their first characters, revoked.
 */
export function ClientVerdicts({
  clientId,
  payload: p,
  errors,
  set,
}: {
  clientId: number;
  payload: ClientPayload;
  errors: Record<string, string[]> | undefined;
  set: <K extends keyof ClientPayload>(key: K, value: ClientPayload[K]) => void;
}) {
  const days = p.verdict_window_days ?? DEFAULT_VERDICT_WINDOW_DAYS;
  const window = useTouched<'verdict_window_days'>(errors);
  return (
    <div className={cs.sections}>
      <TextField
        label="Verdict window (days)"
        className={s.digitsField}
        inputMode="numeric"
        description={`A rejection the client gives within this many days (1–${MAX_VERDICT_WINDOW_DAYS}) of a lead's capture is credited: the lead is not billed. Saved with the client.`}
        value={Number.isFinite(days) ? String(days) : ''}
        onChange={(v) => set('verdict_window_days', v.trim() === '' ? Number.NaN : Number(v))}
        {...window.field('verdict_window_days')}
      />
      <ApiKeys clientId={clientId} />
    </div>
  );
}

function ApiKeys({ clientId }: { clientId: number }) {
  const snap = useSnapshot(apiKeys);
  const name = useTouched<'name'>({ name: snap.nameError ?? (snap.name.trim() ? null : NAME_NEEDED) });
  useEffect(() => {
    const abort = new AbortController();
    void loadApiKeys(clientId, abort.signal);
    return () => abort.abort();
  }, [clientId]);
  const revoking = snap.revoking;
  return (
    <section aria-labelledby="api-keys-title" className={s.form}>
      <h2 id="api-keys-title">API keys</h2>
      <p className={s.muted}>
        The client&apos;s own systems send their verdicts on its leads with a key (Authorization: Bearer lk_…). A key
        reaches this client&apos;s leads only.
      </p>
      {snap.created ? (
        <SecretOnce
          name={snap.created.name}
          secret={snap.created.key}
          title={`API key ${snap.created.name}`}
          label="API key"
          copyLabel="Copy key"
          note="Lead keeps only its hash: give it to the client's system now."
          onDismiss={dismissApiKey}
        />
      ) : null}
      <form
        className={st.toolbar}
        onSubmit={(e) => {
          e.preventDefault();
          if (name.submit()) void createApiKey().then(() => !apiKeys.nameError && name.reset());
        }}
      >
        <div className={s.nameField}>
          <TextField label="Key name" value={snap.name} onChange={setKeyName} {...name.field('name')} />
        </div>
        <Button type="submit" variant="primary">
          Create key
        </Button>
      </form>
      <DataTable
        aria-label="API keys"
        rows={snap.models as ApiKey[]}
        getRowId={(k) => k.id}
        columns={[
          { id: 'name', header: 'Name', isRowHeader: true, cell: (k) => k.name },
          { id: 'prefix', header: 'Key', cell: (k) => <code>{k.prefix}…</code> },
          { id: 'created', header: 'Created', cell: (k) => formatDateTime(k.created_at) },
          { id: 'used', header: 'Last used', cell: (k) => formatDateTime(k.last_used_at) || 'Never' },
          {
            id: 'state',
            header: 'State',
            cell: (k) =>
              k.revoked_at ? (
                `Revoked ${formatDateTime(k.revoked_at)}`
              ) : (
                <Button aria-label={`Revoke ${k.name} (${k.prefix}…)`} onPress={() => askRevokeApiKey(k)}>
                  Revoke
                </Button>
              ),
          },
        ]}
        isLoading={!snap.loaded}
        emptyState="No API keys yet: the client gives no verdicts through the API."
      />
      <ConfirmDialog
        isOpen={revoking !== null}
        title={`Revoke API key ${revoking?.name ?? ''}?`}
        message={`The systems that send verdicts with ${revoking?.prefix ?? ''}… are refused from now on. A revoked key does not work again.`}
        confirmLabel="Revoke"
        tone="danger"
        onConfirm={() => void revokeApiKey()}
        onCancel={() => askRevokeApiKey(null)}
      />
    </section>
  );
}

import { holdsAllSites, Messages, type Destination } from '@lead/contract';
import { Button } from '@lead/headless/Button';
import { DataTable } from '@lead/headless/DataTable';
import { DateRangePicker, todayIn, type DayRange } from '@lead/headless/DateRangePicker';
import { ConfirmDialog } from '@lead/headless/Dialog';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { serverConfig } from '../../config.js';
import { formatDateTime } from '../../lib/format.js';
import * as s from '../../shell/shell.css.js';
import { session, viewerOf } from '../../stores/session.js';
import { destinationStateLabel, scheduleLabel } from './delivery.js';
import {
  askDeleteDestination,
  askRotateSecret,
  delivery,
  deleteDestination,
  dismissSecret,
  loadDestinations,
  openCreateDestination,
  openEditDestination,
  replay,
  rotateSecret,
  showAttempts,
} from './delivery.store.js';
import { DestinationEditor } from './DestinationEditor.js';
import * as st from './settings.css.js';

/**
 * Manage clients, DELIVERY tab (issue #30): the client's destinations (signed webhooks and scheduled
 * files by e-mail), each saved at once, apart from the client's own Save. A limited admin changes
 * them only for a client all of whose sites they hold.
 */
export function DeliveryTab({ clientId, siteIds }: { clientId: number; siteIds: readonly number[] }) {
  const snap = useSnapshot(delivery);
  useEffect(() => {
    const abort = new AbortController();
    void loadDestinations(clientId, abort.signal);
    return () => abort.abort();
  }, [clientId]);
  const canChange = holdsAllSites(viewerOf(session.user), siteIds);
  if (snap.form) return <DestinationEditor />;
  return (
    <div className={s.form}>
      <p className={s.muted}>Where this client&apos;s leads are sent. Changes here are saved at once.</p>
      {snap.secret ? <SecretOnce name={snap.secret.name} secret={snap.secret.value} /> : null}
      <div className={st.toolbar}>
        <Button isDisabled={!canChange} onPress={() => openCreateDestination('webhook')}>
          Add webhook
        </Button>
        <Button isDisabled={!canChange} onPress={() => openCreateDestination('email')}>
          Add e-mail file
        </Button>
      </div>
      <DataTable
        aria-label="Destinations"
        rows={snap.models as Destination[]}
        getRowId={(d) => d.id}
        columns={[
          { id: 'name', header: 'Name', cell: (d) => d.name, isRowHeader: true },
          {
            id: 'kind',
            header: 'Kind',
            cell: (d) =>
              d.kind === 'webhook' ? 'Webhook' : `E-mail ${d.format?.toUpperCase() ?? ''}, ${scheduleLabel(d)}`,
          },
          { id: 'state', header: 'State', cell: (d) => destinationStateLabel(d) },
          { id: 'success', header: 'Last success', cell: (d) => formatDateTime(d.last_success_at) || '—' },
          { id: 'failure', header: 'Last failure', cell: (d) => formatDateTime(d.last_failure_at) || '—' },
        ]}
        rowActions={(d) => [
          { id: 'attempts', label: 'Attempts' },
          { id: 'edit', label: 'Edit', isDisabled: !canChange },
          ...(d.kind === 'webhook' ? [{ id: 'rotate', label: 'Rotate secret', isDisabled: !canChange }] : []),
          { id: 'delete', label: 'Delete', isDisabled: !canChange },
        ]}
        rowActionsLabel={(d) => `Actions for ${d.name}`}
        onRowAction={(d, a) => {
          if (a === 'attempts') void showAttempts(d);
          else if (a === 'edit') openEditDestination(d);
          else if (a === 'rotate') askRotateSecret(d);
          else askDeleteDestination(d);
        }}
        isLoading={!snap.loaded}
        emptyState="No destinations yet: this client's leads are only in Lead."
      />
      {snap.attempts ? <Attempts canReplay={canChange} /> : null}
      <ConfirmDialog
        isOpen={snap.deleting !== null}
        title="Do you want delete destination?"
        message={Messages.confirmRevert}
        confirmLabel="Delete"
        tone="danger"
        onConfirm={() => void deleteDestination()}
        onCancel={() => askDeleteDestination(null)}
      />
      <ConfirmDialog
        isOpen={snap.rotating !== null}
        title="Rotate the signing secret?"
        message="A new secret signs from now on; the old one still signs beside it for 24 hours, time to change the receiver."
        confirmLabel="Rotate"
        onConfirm={() => void rotateSecret()}
        onCancel={() => askRotateSecret(null)}
      />
    </div>
  );
}

/** A webhook's secret, shown once: copyable, with a plain warning. */
function SecretOnce({ name, secret }: { name: string; secret: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <section aria-labelledby="secret-title" role="status" className={st.secretBox}>
      <h3 id="secret-title">Signing secret of {name}</h3>
      <p>
        <strong>Copy it now: you will not see it again.</strong> The receiver verifies each webhook with it (Standard
        Webhooks).
      </p>
      <code aria-label="Signing secret" className={st.secretValue}>
        {secret}
      </code>
      <div className={st.toolbar}>
        <Button
          onPress={() =>
            void navigator.clipboard?.writeText(secret).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy secret'}
        </Button>
        <Button onPress={dismissSecret}>I have copied it</Button>
      </div>
    </section>
  );
}

/** A destination's page: its recent attempts (older ones on demand) and, for a webhook, replay. */
function Attempts({ canReplay }: { canReplay: boolean }) {
  const { attempts } = useSnapshot(delivery);
  const [range, setRange] = useState<DayRange | null>(null);
  if (!attempts) return null;
  const d = attempts.destination as Destination;
  return (
    <section aria-labelledby="attempts-title">
      <div className={st.toolbar}>
        <h3 id="attempts-title">Attempts of {d.name}</h3>
        <span className={st.grow} />
        <Button onPress={() => void showAttempts(null)}>Close attempts</Button>
      </div>
      {d.kind === 'webhook' ? (
        <div className={st.toolbar}>
          <Button isDisabled={!canReplay} onPress={() => void replay(d, { failed_only: true })}>
            Send failed leads again
          </Button>
          <DateRangePicker label="Leads of" today={todayIn(serverConfig.timeZone)} value={range} onChange={setRange} />
          <Button
            isDisabled={!canReplay || !range}
            onPress={() => range && void replay(d, { from: range.start.toString(), to: range.end.toString() })}
          >
            Send these days again
          </Button>
        </div>
      ) : null}
      <DataTable
        aria-label={`Attempts of ${d.name}`}
        rows={attempts.models as Array<(typeof attempts.models)[number]>}
        getRowId={(a) => a.id}
        columns={[
          { id: 'at', header: 'Time', cell: (a) => formatDateTime(a.at), isRowHeader: true },
          {
            id: 'lead',
            header: 'Lead',
            cell: (a) => (a.lead_id === null ? (d.kind === 'email' ? 'File' : '—') : `#${a.lead_id}`),
          },
          {
            id: 'result',
            header: 'Result',
            cell: (a) =>
              a.error === null && (a.status === null || a.status < 300)
                ? `Delivered${a.status ? ` (${a.status})` : ''}`
                : `Failed${a.status ? ` (${a.status})` : ''}`,
          },
          { id: 'ms', header: 'Time taken', align: 'end', cell: (a) => `${a.duration_ms} ms` },
          { id: 'next', header: 'Next attempt', cell: (a) => formatDateTime(a.next_attempt_at) || '—' },
          { id: 'error', header: 'Answer', cell: (a) => (a.error ? <ErrorText text={a.error} /> : '') },
        ]}
        isLoading={attempts.loading && attempts.models.length === 0}
        emptyState="No attempts yet."
      />
      {attempts.nextBeforeId !== null ? (
        <Button isDisabled={attempts.loading} onPress={() => void showAttempts(d, true)}>
          {attempts.loading ? 'Loading attempts…' : 'Older attempts'}
        </Button>
      ) : null}
    </section>
  );
}

/** The first 500 bytes of an answer, folded: a summary line, the rest on demand. */
export function ErrorText({ text }: { text: string }) {
  const first = text.split('\n')[0]!.slice(0, 60);
  if (first === text) return <>{text}</>;
  return (
    <details>
      <summary>{first}…</summary>
      <pre className={st.errorText}>{text}</pre>
    </details>
  );
}

import type { Destination } from '@lead/contract';
import { DataTable } from '@lead/headless/DataTable';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../lib/format.js';
import * as s from '../../shell/shell.css.js';
import { destinationHealth, scheduleLabel } from '../settings/delivery.js';
import { delivery } from '../settings/delivery.store.js';
import * as st from '../settings/settings.css.js';

/** A destination's state as a badge: the word says it, the colour helps (@lead/styles' status badges). */
export function DestinationBadge({ destination }: { destination: Destination }) {
  const h = destinationHealth(destination);
  return (
    <span data-status-badge="" data-status={h.badge}>
      {h.label}
    </span>
  );
}

/**
 * The client page's DESTINATIONS tab: where the client's leads are sent (signed webhooks and
 * scheduled files by e-mail), each opening its own page; Add webhook and Add e-mail file open a
 * new one's. The list is read when the page opens (destinations.store), not when the tab does.
 */
export function ClientDestinations({ clientId, canChange }: { clientId: number; canChange: boolean }) {
  const snap = useSnapshot(delivery);
  const base = `/clients/${clientId}/destinations`;
  return (
    <div className={s.form}>
      <p className={s.muted}>Where this client&apos;s leads are sent. Each destination is saved on its own page.</p>
      {canChange ? (
        <div className={st.toolbar}>
          <Link href={`${base}/new?kind=webhook`} data-button="">
            Add webhook
          </Link>
          <Link href={`${base}/new?kind=email`} data-button="">
            Add e-mail file
          </Link>
        </div>
      ) : null}
      <DataTable
        aria-label="Destinations"
        rows={snap.models as Destination[]}
        getRowId={(d) => d.id}
        columns={[
          {
            id: 'name',
            header: 'Name',
            isRowHeader: true,
            cell: (d) => (
              <Link href={`${base}/${d.id}`} className={s.link}>
                {d.name}
              </Link>
            ),
          },
          {
            id: 'kind',
            header: 'Kind',
            cell: (d) =>
              d.kind === 'webhook' ? 'Webhook' : `E-mail ${d.format?.toUpperCase() ?? ''}, ${scheduleLabel(d)}`,
          },
          { id: 'state', header: 'State', cell: (d) => <DestinationBadge destination={d} /> },
          { id: 'success', header: 'Last success', cell: (d) => formatDateTime(d.last_success_at) || '—' },
          { id: 'failure', header: 'Last failure', cell: (d) => formatDateTime(d.last_failure_at) || '—' },
        ]}
        isLoading={!snap.loaded}
        emptyState="No destinations yet: this client's leads are only in Lead."
      />
    </div>
  );
}

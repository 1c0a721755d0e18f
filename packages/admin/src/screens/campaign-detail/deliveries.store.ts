import type { Destination } from '@lead/contract';
import { proxy } from 'valtio';
import { call } from '../../api/client.js';
import { onSessionReset } from '../../stores/reset.js';
import { notify } from '../../stores/ui.js';

const blank = () => ({
  clientId: null as number | null,
  /** The client's destinations by id (admins read them; others see ids). */
  names: {} as Record<number, { name: string; kind: Destination['kind'] }>,
  /** The names are on their way: the column waits for them rather than name a destination by number. */
  loading: false,
});

/** The campaign detail's destinations: names for the lead table's delivery column, and resend (issue #30). */
export const leadDeliveries = proxy(blank());
onSessionReset(() => Object.assign(leadDeliveries, blank()));

export async function loadDestinationNames(clientId: number): Promise<void> {
  if (leadDeliveries.clientId === clientId) return;
  Object.assign(leadDeliveries, blank(), { clientId, loading: true });
  try {
    const res = await call('GET /api/admin/clients/:id/destinations', {
      params: { id: clientId },
      hideLoading: true,
      hideError: true,
    });
    leadDeliveries.names = Object.fromEntries(res._data.models.map((d) => [d.id, { name: d.name, kind: d.kind }]));
  } catch {
    // Not an admin of this client: the column names destinations by number.
  } finally {
    if (leadDeliveries.clientId === clientId) leadDeliveries.loading = false;
  }
}

/** Sends one lead to one webhook again, under the same webhook-id. */
export async function resendLead(destinationId: number, leadId: number): Promise<void> {
  try {
    const res = await call('POST /api/admin/deliveries/replay', {
      body: { destination_id: destinationId, lead_ids: [leadId] },
    });
    notify('success', res._data.queued ? `Lead #${leadId} queued to be sent again.` : 'No leads to send again.');
  } catch {
    /* shown by the shell (api/failures.ts) */
  }
}

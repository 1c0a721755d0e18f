import type { ConsentRecord } from '@lead/contract/api';
import { proxy } from 'valtio';
import { ApiError, isAbort, call } from '../../api/client.js';
import { onSessionReset } from '../../stores/reset.js';

const blank = () => ({
  /** The lead whose record is open; null when none is. */
  leadId: null as number | null,
  record: null as ConsentRecord | null,
  /** Why the record cannot be shown (a lead stored before records were kept, one the user may not see). */
  failure: null as string | null,
});

/** A lead's consent record, shown in a dialog over the campaign's lead table or at its own address. */
export const consent = proxy(blank());
onSessionReset(() => Object.assign(consent, blank()));

/** Opens lead `leadId`'s record: the dialog shows at once and fills when the server answers. */
export async function openConsent(leadId: number): Promise<void> {
  Object.assign(consent, blank(), { leadId });
  try {
    const res = await call('GET /api/admin/leads/:id/consent', { params: { id: leadId }, hideError: true });
    if (consent.leadId === leadId) consent.record = res._data.model;
  } catch (error) {
    if (isAbort(error) || consent.leadId !== leadId) return;
    consent.failure =
      error instanceof ApiError && error.status === 404
        ? error.message
        : 'The consent record could not be read. Please try again.';
  }
}

export function closeConsent(): void {
  Object.assign(consent, blank());
}

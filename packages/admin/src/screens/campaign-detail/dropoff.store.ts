import type { FormFields } from '@lead/contract/api';
import { proxy } from 'valtio';
import { isAbort, call } from '../../api/client.js';
import { onSessionReset } from '../../stores/reset.js';

const blank = () => ({ campaignId: null as number | null, figures: null as FormFields | null, failed: false });

/** The campaign detail's "Where visitors give up": the form's starts and unsent leaves per field. */
export const dropoff = proxy(blank());
onSessionReset(() => Object.assign(dropoff, blank()));

export async function loadDropoff(campaignId: number): Promise<void> {
  Object.assign(dropoff, blank(), { campaignId });
  try {
    const res = await call('GET /api/admin/campaign/:id/fields', { params: { id: campaignId }, hideLoading: true });
    if (dropoff.campaignId === campaignId) dropoff.figures = res._data;
  } catch (error) {
    if (!isAbort(error) && dropoff.campaignId === campaignId) dropoff.failed = true;
  }
}

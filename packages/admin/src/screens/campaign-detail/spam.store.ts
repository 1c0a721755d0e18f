import type { SpamLead } from '@lead/contract/api';
import { proxy, ref } from 'valtio';
import { isAbort, call } from '../../api/client.js';
import { onSessionReset } from '../../stores/reset.js';
import { notify } from '../../stores/ui.js';
import { loadDetail } from './detail.store.js';

const blank = () => ({
  campaignId: null as number | null,
  leads: ref([] as SpamLead[]),
  /** Spam leads not released. */
  total: 0,
  /** The spam lead whose release is being confirmed. */
  releasing: null as SpamLead | null,
});

/** The campaign detail's spam bin (issue #44): leads a person plausibly did not send, and their release by an admin. */
export const spamBin = proxy(blank());
onSessionReset(() => Object.assign(spamBin, blank()));

export async function loadSpam(campaignId: number): Promise<void> {
  Object.assign(spamBin, blank(), { campaignId });
  try {
    const res = await call('GET /api/admin/campaign/:id/spam', { params: { id: campaignId }, hideLoading: true });
    if (spamBin.campaignId !== campaignId) return;
    spamBin.leads = ref(res._data.models);
    spamBin.total = res._data.total;
  } catch (error) {
    if (!isAbort(error)) spamBin.leads = ref([]);
  }
}

export const askRelease = (lead: SpamLead | null): void => {
  spamBin.releasing = lead;
};

/** Releases the spam lead being confirmed: it becomes a lead (delivered, billed, counted), and the page shows it. */
export async function releaseSpam(): Promise<void> {
  const lead = spamBin.releasing;
  const campaignId = spamBin.campaignId;
  spamBin.releasing = null;
  if (!lead || campaignId === null) return;
  try {
    // Released on its own campaign: an A/B test's bin holds its variants' spam leads too.
    const res = await call('POST /api/admin/campaign/:id/spam/:spamId/release', {
      params: { id: lead.campaign_id, spamId: lead.id },
    });
    notify('success', `Spam lead #${lead.id} was released: it is lead #${res._data.model.lead_id}.`);
    await Promise.all([loadDetail(campaignId), loadSpam(campaignId)]);
  } catch {
    /* shown by the shell (api/failures.ts) */
  }
}

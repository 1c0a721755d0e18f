import { Messages, canDo, type CampaignDetail, type Lead, CampaignStatus } from '@lead/contract';
import { proxy, ref } from 'valtio';
import { isAbort, call } from '../../api/client.js';
import { loadPhoneFormat } from '../../lib/phone.js';
import { navigate } from '../../router/hash-location.js';
import { onSessionReset } from '../../stores/reset.js';
import { notify } from '../../stores/ui.js';

const LEADS_PAGE = 1000;

const blank = () => ({
  campaign: null as CampaignDetail | null,
  notFound: false,
  /** Kept out of Valtio's proxy (ref): a lead table may hold 100,000 rows. */
  leads: ref([] as Lead[]),
  nextBeforeId: null as number | null,
  loadingLeads: false,
  confirmingDelete: false,
});

/** The campaign detail page: the campaign, its figures, its targets and its leads. */
export const detail = proxy(blank());
onSessionReset(() => Object.assign(detail, blank()));

export async function loadDetail(id: number): Promise<void> {
  Object.assign(detail, blank());
  try {
    const [res] = await Promise.all([call('GET /api/admin/campaign/:id', { params: { id } }), loadPhoneFormat()]);
    detail.campaign = res._data.campaign;
    detail.leads = ref(res._data.lead);
    detail.nextBeforeId =
      res._data.lead.length < res._data.campaign.total_lead ? (res._data.lead.at(-1)?.id ?? null) : null;
  } catch (error) {
    if (!isAbort(error)) detail.notFound = true;
  }
}

export async function loadMoreLeads(): Promise<void> {
  const c = detail.campaign;
  if (!c || detail.nextBeforeId === null || detail.loadingLeads) return;
  detail.loadingLeads = true;
  try {
    const res = await call('GET /api/admin/campaign/:id/leads', {
      params: { id: c.id },
      query: { before_id: detail.nextBeforeId, limit: LEADS_PAGE },
      hideLoading: true,
    });
    detail.leads = ref([...detail.leads, ...res._data.models]);
    detail.nextBeforeId = res._data.next_before_id;
  } catch {
    /* shown by the shell (api/failures.ts) */
  } finally {
    detail.loadingLeads = false;
  }
}

export const canToggle = (c: Pick<CampaignDetail, 'type' | 'status' | 'is_testing_running'>): boolean =>
  canDo(c, 'activate') || canDo(c, 'deactivate');

export async function toggleStatus(active: boolean): Promise<void> {
  const c = detail.campaign;
  if (!c || !canToggle(c)) return;
  try {
    const res = await call('PUT /api/admin/campaign/:id', {
      params: { id: c.id },
      query: { _status: '1' },
      body: { status: active ? CampaignStatus.Active : CampaignStatus.Inactive },
    });
    notify('success', res._messages[0] || Messages.updated);
    c.status = active ? 1 : -1;
  } catch {
    /* shown by the shell (api/failures.ts) */
  }
}

export const askDelete = (asking: boolean): void => {
  detail.confirmingDelete = asking;
};

export async function deleteCampaign(): Promise<void> {
  const c = detail.campaign;
  detail.confirmingDelete = false;
  if (!c) return;
  try {
    const res = await call('DELETE /api/admin/campaign/:id', { params: { id: c.id } });
    notify('success', res._messages[0] || 'Campaign has been deleted!');
    navigate('/');
  } catch {
    /* shown by the shell (api/failures.ts) */
  }
}

export function editCampaign(): void {
  const c = detail.campaign;
  if (c) navigate(`/edit-campaign/${c.id}?${new URLSearchParams({ siteID: String(c.site.id), siteURL: c.site.name })}`);
}

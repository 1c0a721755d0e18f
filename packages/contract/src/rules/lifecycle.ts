import { CAMPAIGN_STATUS_LABELS, CampaignStatus, CampaignType } from '../constants.js';

/** What the row menu offers, and so what the server allows. */
export type CampaignAction =
  | 'deactivate'
  | 'activate'
  | 'rename'
  | 'edit'
  | 'duplicate'
  | 'ab_testing'
  | 'start_ab_testing'
  | 'stop_ab_testing'
  | 'delete'
  | 'schedule';

export interface CampaignState {
  type: CampaignType;
  status: CampaignStatus;
  is_testing_running: boolean;
}

/** The row menu, in its order; variants (type 2) may be activated or deactivated too. */
export function allowedActions(c: CampaignState): CampaignAction[] {
  const normalOrTest = c.type === CampaignType.Normal || c.type === CampaignType.AbTest;
  const actions: CampaignAction[] = [];
  if (
    (normalOrTest && !c.is_testing_running && c.status === CampaignStatus.Active) ||
    (c.type === CampaignType.Variant && c.status === CampaignStatus.Active)
  )
    actions.push('deactivate');
  if (
    (normalOrTest && !c.is_testing_running && c.status === CampaignStatus.Inactive) ||
    (c.type === CampaignType.Variant && c.status === CampaignStatus.Inactive)
  )
    actions.push('activate');
  actions.push('rename', 'edit');
  if (normalOrTest) actions.push('duplicate');
  if (c.type === CampaignType.Normal) actions.push('ab_testing');
  if (c.type === CampaignType.AbTest && !c.is_testing_running) actions.push('start_ab_testing');
  if (c.type === CampaignType.AbTest && c.is_testing_running) actions.push('stop_ab_testing');
  actions.push('delete');
  // Activation with dates: an expired (or stopped) campaign is given a new timeframe from the builder.
  if (
    normalOrTest &&
    !c.is_testing_running &&
    (
      [CampaignStatus.Expired, CampaignStatus.Inactive, CampaignStatus.Schedule, CampaignStatus.Active] as number[]
    ).includes(c.status)
  )
    actions.push('schedule');
  return actions;
}

export const canDo = (c: CampaignState, action: CampaignAction): boolean => allowedActions(c).includes(action);

export const ACTION_REFUSALS: Record<CampaignAction, string> = {
  deactivate: 'Only an active campaign with no A/B test running can be deactivated.',
  activate: 'Only an inactive campaign with no A/B test running can be activated.',
  rename: 'This campaign cannot be renamed.',
  edit: 'This campaign cannot be edited.',
  duplicate: 'A variant cannot be duplicated; duplicate its A/B test instead.',
  ab_testing: 'Only a normal campaign can be turned into an A/B test.',
  start_ab_testing: 'Only an A/B test that is not running can be started.',
  stop_ab_testing: 'Only a running A/B test can be stopped.',
  delete: 'This campaign cannot be deleted.',
  schedule: 'Only an expired, inactive, scheduled or active campaign with no A/B test running can be given new dates.',
};

/** The row tag: formatted_status, except that status 4 reads Schedule when is_schedule is set. */
export const formattedStatus = (status: CampaignStatus, isSchedule: boolean): string =>
  status === CampaignStatus.AbTest && isSchedule ? 'Schedule' : CAMPAIGN_STATUS_LABELS[status];

/** Conversion rate = leads / impressions × 100, 2 decimals, 0 with no impressions. */
export const conversionRate = (leads: number, impressions: number): number =>
  impressions > 0 ? Math.round((leads / impressions) * 10000) / 100 : 0;

import { CAMPAIGN_STATUS_KEYS, CampaignStatus, formattedStatus } from '@lead/contract';

/** Each campaign status's badge colours in @lead/styles (`data-status`, the theme's `--lead-status-*`). */
export const STATUS_BADGE_KEYS = CAMPAIGN_STATUS_KEYS;

/**
 * A campaign's status in one word and one colour, the same on every screen (the list, the detail
 * page): the contract's label (an A/B test waiting for its start reads Schedule), never another.
 */
export function StatusBadge({ status, isSchedule = false }: { status: CampaignStatus; isSchedule?: boolean }) {
  const shown = status === CampaignStatus.AbTest && isSchedule ? CampaignStatus.Schedule : status;
  return (
    <span data-status-badge="" data-status={STATUS_BADGE_KEYS[shown]}>
      {formattedStatus(status, isSchedule)}
    </span>
  );
}

/** A lead's delivery to each destination, in words (the campaign detail's lead table, issue #30). */
import type { LeadDelivery } from '@lead/contract';
import { formatDateTime, plural } from '../../lib/format.js';

/** 'Delivered', 'Retrying, next at …', 'Failed (500)', 'Waiting'. */
export function deliveryLabel(d: Pick<LeadDelivery, 'state' | 'last_status' | 'next_attempt_at' | 'attempts'>): string {
  const status = d.last_status === null ? '' : ` (${d.last_status})`;
  switch (d.state) {
    case 'delivered':
      return 'Delivered';
    case 'retrying':
      return `Retrying${status}, next at ${formatDateTime(d.next_attempt_at)}`;
    case 'failed':
      return `Failed${status} after ${plural(d.attempts, 'attempt')}`;
    default:
      return 'Waiting';
  }
}

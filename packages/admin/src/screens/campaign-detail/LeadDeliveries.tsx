import type { Lead } from '@lead/contract';
import { Button } from '@lead/headless/Button';
import { useSnapshot } from 'valtio';
import { deliveryLabel } from './lead-deliveries.js';
import { leadDeliveries, resendLead } from './deliveries.store.js';
import * as st from './detail.css.js';

/**
 * A lead's delivery per destination: a badge named by it, coloured by its state and saying it, and
 * for a webhook (admins) a resend button. While the destinations' names load, a badge says its
 * state alone; a destination no name is known for is named by its number.
 */
export function LeadDeliveries({ lead }: { lead: Pick<Lead, 'id' | 'deliveries'> }) {
  const { names, loading } = useSnapshot(leadDeliveries);
  if (!lead.deliveries.length) return <>—</>;
  return (
    <ul className={st.deliveries}>
      {lead.deliveries.map((d) => {
        const dest = names[d.destination_id];
        const name = dest?.name ?? `Destination #${d.destination_id}`;
        return (
          <li key={d.destination_id}>
            <span className={st.deliveryBadge} data-delivery={d.state}>
              {loading && !dest ? null : <strong>{name}:</strong>} {deliveryLabel(d)}
            </span>
            {d.last_error ? (
              // What the receiver answered (its first 500 bytes) or why it did not: opened on demand.
              <details className={st.deliveryAnswer}>
                <summary>Last answer</summary>
                <pre>{d.last_error}</pre>
              </details>
            ) : null}
            {dest?.kind === 'webhook' && d.state !== 'pending' ? (
              <Button
                aria-label={`Resend lead #${lead.id} to ${name}`}
                onPress={() => void resendLead(d.destination_id, lead.id)}
              >
                Resend
              </Button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

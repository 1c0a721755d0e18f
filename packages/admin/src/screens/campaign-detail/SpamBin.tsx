import { SPAM_REASONS, type SpamLead } from '@lead/contract/api';
import { DataTable } from '@lead/headless/DataTable';
import { ConfirmDialog } from '@lead/headless/Dialog';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { formatDateTime, plural } from '../../lib/format.js';
import * as s from '../../shell/shell.css.js';
import { isAdmin, session } from '../../stores/session.js';
import * as st from './detail.css.js';
import { askRelease, loadSpam, releaseSpam, spamBin } from './spam.store.js';

/**
 * The campaign's spam bin (issue #44): leads a person plausibly did not send, with why; not
 * delivered, billed or counted. An admin may release one (Actions → Release).
 */
export function SpamBin({
  campaignId,
  armNames,
}: {
  campaignId: number;
  /** An A/B test's arms by campaign id: its bin holds each arm's spam leads, named in a column. */
  armNames?: Readonly<Record<number, string>> | undefined;
}) {
  const { leads, total, releasing } = useSnapshot(spamBin);
  const { user } = useSnapshot(session);
  const admin = isAdmin(user);
  useEffect(() => void loadSpam(campaignId), [campaignId]);
  return (
    <section aria-labelledby="spam-title" className={st.section}>
      <h2 id="spam-title">Spam</h2>
      <p className={s.muted} aria-live="polite">
        {plural(total, 'lead')} in the spam bin: not delivered, not billed, not counted toward the goal.
      </p>
      <DataTable
        aria-label="Spam bin"
        rows={leads as SpamLead[]}
        getRowId={(l) => l.id}
        columns={[
          { id: 'n', header: '#', cell: (l) => l.id },
          ...(armNames
            ? [
                {
                  id: 'arm',
                  header: 'Variant',
                  cell: (l: SpamLead) => armNames[l.campaign_id] ?? `Campaign #${l.campaign_id}`,
                },
              ]
            : []),
          { id: 'name', header: 'Name', cell: (l) => l.name ?? '', isRowHeader: true },
          { id: 'email', header: 'Email', cell: (l) => l.email ?? '' },
          { id: 'phone', header: 'Phone', cell: (l) => l.phone ?? '' },
          { id: 'date', header: 'Date', cell: (l) => formatDateTime(l.created_at) },
          { id: 'score', header: 'Score', cell: (l) => l.score },
          { id: 'reasons', header: 'Why', cell: (l) => l.reasons.map((r) => SPAM_REASONS[r]).join('; ') },
          { id: 'released', header: 'Released', cell: (l) => (l.lead_id ? `Lead #${l.lead_id}` : '') },
        ]}
        rowActions={(l) => (admin && !l.released_at ? [{ id: 'release', label: 'Release' }] : [])}
        onRowAction={(l) => askRelease(l as SpamLead)}
        rowActionsLabel={(l) => `Actions for spam lead ${l.id}`}
        emptyState="The spam bin is empty."
      />
      <ConfirmDialog
        isOpen={releasing !== null}
        title={`Release spam lead #${releasing?.id ?? ''}?`}
        message="It becomes a lead: delivered to the client, billed and counted toward the goal."
        confirmLabel="Release"
        onConfirm={() => void releaseSpam()}
        onCancel={() => askRelease(null)}
      />
    </section>
  );
}

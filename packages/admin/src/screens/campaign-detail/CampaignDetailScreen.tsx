import {
  billableLeads,
  CampaignStatus,
  CampaignType,
  leadGoal,
  Messages,
  spendOf,
  type FormBlock,
} from '@lead/contract';
import { Button } from '@lead/headless/Button';
import { VirtualizedDataTable } from '@lead/headless/VirtualizedDataTable';
import { ConfirmDialog } from '@lead/headless/Dialog';
import { Switch } from '@lead/headless/Switch';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { Link, useParams } from 'wouter';
import { formatConversionRate, formatCount, formatDateTime, plural } from '../../lib/format.js';
import { formatGoalProgress, formatMoney } from '../../lib/money.js';
import { LeadExport } from '../../reports/LeadExport.js';
import { PageHeading } from '../../shell/PageHeading.js';
import * as s from '../../shell/shell.css.js';
import { AbResults } from './AbResults.js';
import { ab } from './ab.store.js';
import { daily } from './daily.store.js';
import * as st from './detail.css.js';
import {
  askDelete,
  canToggle,
  deleteCampaign,
  detail,
  editCampaign,
  loadDetail,
  loadMoreLeads,
  toggleStatus,
} from './detail.store.js';
import { DailyChartPlaceholder } from './DailyChartPlaceholder.js';
import { ConsentRecordDialog } from '../consent/ConsentRecordDialog.js';
import { closeConsent, openConsent } from '../consent/consent.store.js';
import { loadDestinationNames } from './deliveries.store.js';
import { LeadDeliveries } from './LeadDeliveries.js';
import { SpamBin } from './SpamBin.js';
import { FormDropoff } from './FormDropoff.js';
import { isAdmin, session } from '../../stores/session.js';
import { PublishStatus } from '../../publish/PublishStatus.js';
import { previewOnPage } from '../builder/preview.actions.js';
import { StatusBadge } from '../../components/StatusBadge.js';
import { leadPhone } from '../../lib/phone.js';

/** The chart and its date picker (react-aria's calendar) load after the page's own figures. */
const DailyChart = lazy(() => import('./DailyChart.js').then((m) => ({ default: m.DailyChart })));

/**
 * The campaign's Breakdown over the daily chart's days (asked once the chart knows them). Its code
 * loads after the page's (it shares it with the list's Report view), as the chart's does: it asks
 * for nothing before the chart has its days.
 */
const Breakdown = lazy(() => import('../../reports/Breakdown.js').then((m) => ({ default: m.Breakdown })));
function CampaignBreakdown({ campaign }: { campaign: { id: number; code: string } }) {
  const { start, end } = useSnapshot(daily);
  const of = useMemo(() => ({ campaign: { id: campaign.id, code: campaign.code } }), [campaign.id, campaign.code]);
  return (
    <Suspense fallback={null}>
      <Breakdown of={of} days={start && end ? { from: start, to: end } : null} />
    </Suspense>
  );
}

export default function CampaignDetailScreen() {
  const { id } = useParams<{ id: string }>();
  const { campaign: c, notFound, leads, nextBeforeId, loadingLeads, confirmingDelete } = useSnapshot(detail);
  const { results } = useSnapshot(ab);
  const armNames = Object.fromEntries((results?.arms ?? []).map((a) => [a.id, a.name]));
  useEffect(() => {
    void loadDetail(Number(id));
  }, [id]);
  const clientId = c?.client_id;
  useEffect(() => {
    if (clientId && isAdmin(session.user)) void loadDestinationNames(clientId);
  }, [clientId]);

  if (notFound) {
    return (
      <>
        <PageHeading className={s.heading}>Campaign not found</PageHeading>
        <Link href="/" className={s.link}>
          Back to the campaign list
        </Link>
      </>
    );
  }
  if (!c) return <PageHeading className={s.heading}>Campaign</PageHeading>;
  const active = c.status === CampaignStatus.Active;
  const billable = billableLeads(c.total_lead, c.total_duplicate, c.total_credited);
  return (
    <>
      <header className={s.pageHeader}>
        <div className={st.titleBlock}>
          <div className={st.titleLine}>
            <PageHeading className={s.heading}>{c.name}</PageHeading>
            <StatusBadge status={c.status} isSchedule={c.is_schedule} />
          </div>
          <p className={st.meta}>
            <span>ID {c.id}</span>
            <span>Code {c.code}</span>
            <span>Type Pop-up</span>
            <span>Last edit {formatDateTime(c.updated_at)}</span>
          </p>
        </div>
        <div className={s.row}>
          {/* The status toggle: on is Active, off is Inactive; the badge beside the name says the status itself. */}
          <Switch isSelected={active} isDisabled={!canToggle(c)} onChange={(on) => void toggleStatus(on)}>
            Active
          </Switch>
          <Button onPress={editCampaign}>Edit</Button>
          <Button variant="danger" onPress={() => askDelete(true)}>
            Delete
          </Button>
        </div>
      </header>
      {/* The campaign's own figures since it began; the daily figures below name their days. */}
      <p className={st.scope} id="stats-scope">
        All time
      </p>
      <dl className={st.stats} aria-labelledby="stats-scope">
        <div className={st.stat}>
          <dt>Impressions</dt>
          <dd>{formatCount(c.total_impression)}</dd>
        </div>
        <div className={st.stat}>
          <dt>Leads</dt>
          <dd>{formatCount(c.total_lead)}</dd>
        </div>
        <div className={st.stat}>
          <dt>Conversion Rate</dt>
          <dd>{formatConversionRate(c.total_lead, c.total_impression)}</dd>
        </div>
        <div className={st.stat}>
          <dt>Leads goal</dt>
          <dd>{formatGoalProgress(billable, leadGoal(c.kpis))}</dd>
        </div>
        <div className={st.stat}>
          <dt>Spend</dt>
          <dd>{formatMoney(spendOf(billable, c.price), c.client.currency)}</dd>
        </div>
        <div className={st.stat}>
          <dt>Duplicates</dt>
          <dd>{formatCount(c.total_duplicate)}</dd>
        </div>
      </dl>
      <PublishStatus campaign={c} onPreview={() => void previewOnPage(c.id)} />
      <Suspense fallback={<DailyChartPlaceholder />}>
        <DailyChart campaignId={c.id} name={c.name} price={c.price} currency={c.client.currency} />
      </Suspense>
      <CampaignBreakdown campaign={c} />
      {c.type === CampaignType.AbTest ? <AbResults test={c} /> : null}
      <FormDropoff campaignId={c.id} forms={c.forms as FormBlock[]} />
      <section aria-labelledby="targets-title" className={st.section}>
        <h2 id="targets-title">Targets</h2>
        {c.targets.length ? (
          <ul className={st.targets}>
            {c.targets.map((t, i) => (
              <li key={i}>
                {t.type === 'links' ? 'Link' : 'Tag'} ({t.option === 'exact_match' ? 'Exact match' : 'Start with'}):{' '}
                <code>{t.target}</code>
              </li>
            ))}
          </ul>
        ) : (
          <p className={s.muted}>{c.is_target_import ? 'Targets imported from a CSV file.' : 'No targets.'}</p>
        )}
      </section>
      <section aria-labelledby="leads-title" className={st.section}>
        <div className={st.sectionHeader}>
          <h2 id="leads-title">Leads</h2>
          <LeadExport ids={[c.id]} sheetName={c.name} isDisabled={c.total_lead === 0} />
        </div>
        <p className={s.muted} aria-live="polite">
          Showing {formatCount(leads.length)} of {plural(c.total_lead, 'lead')}
        </p>
        <VirtualizedDataTable
          aria-label="Leads"
          rows={leads}
          getRowId={(l) => l.id}
          columns={[
            { id: 'n', header: '#', cell: (l) => l.id },
            { id: 'name', header: 'Name', cell: (l) => l.name ?? '', isRowHeader: true },
            { id: 'email', header: 'Email', cell: (l) => l.email ?? '' },
            // In the national form of the number's country ('0912 345 678'), read from its E.164 form; else as typed.
            { id: 'phone', header: 'Phone', cell: leadPhone },
            { id: 'date', header: 'Date', cell: (l) => formatDateTime(l.created_at) },
            // Not billable, not delivered: said in words (a screen reader reads it), not by colour.
            {
              id: 'duplicate',
              header: 'Duplicate',
              cell: (l) => (l.duplicate ? <span className={st.duplicateTag}>Duplicate</span> : ''),
            },
            { id: 'delivery', header: 'Delivery', cell: (l) => <LeadDeliveries lead={l} /> },
          ]}
          // Each lead with a consent record opens it (a dialog over the table).
          rowActions={(l) => (l.consent ? [{ id: 'consent', label: 'Consent record' }] : [])}
          onRowAction={(l) => void openConsent(l.id)}
          rowActionsLabel={(l) => `Actions for lead ${l.id}`}
          rowHeight={40}
          height={550}
          emptyState="There is no lead yet."
        />
        <ConsentRecordDialog onClose={closeConsent} />
        {nextBeforeId !== null ? (
          <div className={st.loadMore}>
            <Button onPress={() => void loadMoreLeads()} isDisabled={loadingLeads}>
              {loadingLeads ? 'Loading leads…' : 'Load more leads'}
            </Button>
          </div>
        ) : null}
      </section>
      <SpamBin campaignId={c.id} armNames={c.type === CampaignType.AbTest ? armNames : undefined} />
      <ConfirmDialog
        isOpen={confirmingDelete}
        title="Do you want delete campaign?"
        message={`${c.name} (${c.code}). ${Messages.confirmRevert}`}
        confirmLabel="Delete"
        tone="danger"
        onConfirm={() => void deleteCampaign()}
        onCancel={() => askDelete(false)}
      />
    </>
  );
}

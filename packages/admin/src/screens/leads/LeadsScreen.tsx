import { Button } from '@lead/headless/Button';
import { DataTable, type DataTableColumn } from '@lead/headless/DataTable';
import { ConfirmDialog } from '@lead/headless/Dialog';
import { useEffect } from 'react';
import { Tag, TagGroup, TagList, Label, Button as AriaButton } from 'react-aria-components';
import { useSnapshot } from 'valtio';
import { Link, useLocation, useSearch } from 'wouter';
import { formatDateTime, plural } from '../../lib/format.js';
import { leadPhone } from '../../lib/phone.js';
import { ExportAnnouncement, ExportProgress } from '../../reports/LeadExport.js';
import { leadExport } from '../../reports/lead-export.store.js';
import { PageHeading } from '../../shell/PageHeading.js';
import * as s from '../../shell/shell.css.js';
import { LeadsFilterBar } from './LeadsFilterBar.js';
import { activeChips, DELIVERY_LABELS, hasFilters } from './leads-query.js';
import * as st from './leads.css.js';
import {
  applyQuery,
  askExport,
  cancelConfirm,
  clearFilters,
  confirmExport,
  leads,
  loadSites,
  newerPage,
  olderPage,
  searchCampaigns,
  updateView,
  LEADS_PER_PAGE,
  type LeadsPageLead,
} from './leads.store.js';

const clipped = (text: string) => (
  <span className={st.clipped} title={text || undefined}>
    {text}
  </span>
);

/** Personal data as on a campaign's lead table: shown whole to the staff who may see it (no masking there either). */
const COLUMNS: DataTableColumn<LeadsPageLead>[] = [
  // A date and a phone number read on one line; the table scrolls sideways when they do not fit.
  {
    id: 'date',
    header: 'Date',
    cell: (l) => formatDateTime(l.created_at),
    cellProps: () => ({ className: st.oneLine }),
  },
  {
    id: 'campaign',
    header: 'Campaign',
    cell: (l) => (
      <Link href={`/campaign-details/${l.campaign.id}`} className={st.clipped} title={l.campaign.name}>
        {l.campaign.name}
      </Link>
    ),
  },
  { id: 'site', header: 'Site', cell: (l) => clipped(l.site.name) },
  { id: 'client', header: 'Client', cell: (l) => clipped(l.client.name) },
  { id: 'name', header: 'Name', cell: (l) => clipped(l.name ?? ''), isRowHeader: true },
  // In the national form of the number's country ('0912 345 678'), read from its E.164 form; else as typed.
  {
    id: 'phone',
    header: 'Phone',
    cell: leadPhone,
    cellProps: () => ({ className: st.oneLine }),
  },
  { id: 'email', header: 'E-mail', cell: (l) => clipped(l.email ?? '') },
  {
    id: 'delivery',
    header: 'Delivery',
    cell: (l) => <span className={st.badge[l.delivery]}>{DELIVERY_LABELS[l.delivery]}</span>,
  },
  {
    id: 'duplicate',
    header: 'Duplicate',
    cell: (l) => (l.duplicate ? <span className={st.duplicateTag}>Duplicate</span> : ''),
  },
];

function Chips() {
  const { view, sites, campaignNames } = useSnapshot(leads);
  const chips = activeChips(view, {
    client: (id) => sites.flatMap((x) => x.clients).find((c) => c.id === id)?.name,
    site: (id) => sites.find((x) => x.id === id)?.name,
    campaign: (id) => campaignNames[id],
  });
  if (!chips.length) return null;
  return (
    <div className={st.chips}>
      <TagGroup
        aria-label="Active filters"
        onRemove={(keys) => {
          for (const key of keys) {
            const chip = chips.find((c) => c.key === key);
            if (chip) updateView(chip.remove);
          }
        }}
      >
        <Label className={s.visuallyHidden}>Active filters</Label>
        <TagList className={st.chipList}>
          {chips.map((c) => (
            <Tag key={c.key} id={c.key} textValue={c.label} className={st.chip}>
              {c.label}
              <AriaButton slot="remove" aria-label={`Remove ${c.label}`}>
                ×
              </AriaButton>
            </Tag>
          ))}
        </TagList>
      </TagGroup>
      <Button onPress={clearFilters}>Clear filters</Button>
    </div>
  );
}

function Empty() {
  const { view } = useSnapshot(leads);
  return hasFilters(view) ? (
    <div className={st.empty}>
      <p>No leads match these filters.</p>
      <Button onPress={clearFilters}>Clear filters</Button>
    </div>
  ) : (
    <p className={st.empty}>There is no lead yet.</p>
  );
}

/** The Leads page (issue #43): leads across campaigns, filtered, by page, and their export. */
export default function LeadsScreen() {
  const [path] = useLocation();
  const search = useSearch();
  const { page, loading, confirming, counting } = useSnapshot(leads);
  const { running } = useSnapshot(leadExport);
  useEffect(() => applyQuery(path, search), [path, search]);
  // The sites (and their clients) once they have come: a change of the URL's query, which the page
  // makes itself, aborts the calls in flight (api/client.ts), so a load it cut short starts again.
  useEffect(() => void loadSites(), [search]);
  useEffect(() => {
    // The campaign pick's first choices (the latest campaigns); typing asks the server for others.
    void searchCampaigns('');
  }, []);
  const rows = (page?.models ?? []) as LeadsPageLead[];
  const noLeads = page !== null && rows.length === 0 && !page.prev_cursor;
  return (
    <>
      <header className={s.pageHeader}>
        <PageHeading className={s.heading}>Leads</PageHeading>
      </header>
      <LeadsFilterBar />
      <Chips />
      <div className={st.toolbar}>
        <p className={s.muted} aria-live="polite">
          {page ? `${plural(rows.length, 'lead')} on this page` : ''}
        </p>
        <div className={st.pager} role="group" aria-label="Export leads">
          {running ? (
            <ExportProgress />
          ) : (
            <>
              <Button onPress={() => void askExport('csv')} isDisabled={noLeads || counting}>
                Export CSV
              </Button>
              <Button onPress={() => void askExport('xlsx')} isDisabled={noLeads || counting}>
                Export XLSX
              </Button>
            </>
          )}
          <ExportAnnouncement />
        </div>
      </div>
      <DataTable
        aria-label="Leads"
        columns={COLUMNS}
        rows={rows}
        getRowId={(l) => l.id}
        isLoading={loading && page === null}
        skeletonRows={LEADS_PER_PAGE}
        emptyState={<Empty />}
      />
      <nav className={st.pager} aria-label="Pages of leads">
        <Button onPress={newerPage} isDisabled={!page?.prev_cursor || loading}>
          Newer leads
        </Button>
        <Button onPress={olderPage} isDisabled={!page?.next_cursor || loading}>
          Older leads
        </Button>
      </nav>
      <ConfirmDialog
        isOpen={confirming !== null}
        title={confirming ? `Export ${plural(confirming.count, 'lead')}?` : ''}
        message={
          confirming ? `The ${confirming.format.toUpperCase()} file holds the leads of the filters on this page.` : ''
        }
        confirmLabel={confirming ? `Export ${confirming.format.toUpperCase()}` : 'Export'}
        onConfirm={() => void confirmExport()}
        onCancel={cancelConfirm}
      />
    </>
  );
}

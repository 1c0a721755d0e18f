import { Messages, holdsAllSites, type Client, type ClientPayload } from '@lead/contract';
import { Button } from '@lead/headless/Button';
import { CheckboxGroup } from '@lead/headless/Checkbox';
import { DataTable } from '@lead/headless/DataTable';
import { ConfirmDialog, Dialog } from '@lead/headless/Dialog';
import { DebouncedSearchField } from '@lead/headless/Filters';
import { ComboBox } from '@lead/headless/Select';
import { Tabs } from '@lead/headless/Tabs';
import { TextField } from '@lead/headless/TextField';
import { lazy, Suspense, useEffect, useState } from 'react';
import { serverConfig } from '../../config.js';
import { useSnapshot } from 'valtio';
import { formatDate } from '../../lib/format.js';
import * as s from '../../shell/shell.css.js';
import { session, viewerOf } from '../../stores/session.js';
import {
  askDelete,
  clients,
  closeForm,
  deleteClient,
  filterSite,
  formErrors,
  loadClientOptions,
  loadClients,
  openCreate,
  openEdit,
  saveClient,
  search,
  setField,
  setPage,
  setPageSize,
  setRetention,
  retentionText,
} from './clients.store.js';
import { pageOf } from './list-actions.js';
import * as st from './settings.css.js';
import { SiteFilter, StillNeeded, TablePages } from './shared.js';
import { ClientBilling } from './ClientBilling.js';

/** The DELIVERY tab's code (its date-range picker, calendar and Temporal) loads when the tab opens. */
const DeliveryTab = lazy(() => import('./DeliveryTab.js').then((m) => ({ default: m.DeliveryTab })));

export function ManageClients() {
  const snap = useSnapshot(clients);
  useEffect(() => {
    void loadClientOptions();
    void loadClients();
  }, []);
  const rows = pageOf(snap.models, snap.page, snap.pageSize) as Client[];
  return (
    <section aria-labelledby="clients-title">
      <h2 id="clients-title">Manage clients</h2>
      <div className={st.toolbar}>
        <DebouncedSearchField label="Search clients" value={snap.name} onSearch={search} />
        <SiteFilter sites={snap.sites} value={snap.siteId} onChange={filterSite} />
        <span className={st.grow} />
        <Button variant="primary" onPress={openCreate}>
          Add client
        </Button>
      </div>
      <DataTable
        aria-label="Clients"
        rows={rows}
        getRowId={(c) => c.id}
        columns={[
          { id: 'name', header: 'Name', cell: (c) => c.name, isRowHeader: true },
          { id: 'manager', header: 'Account manager', cell: (c) => c.manager_name ?? '' },
          { id: 'contact', header: 'Contact person', cell: (c) => c.contact_name ?? '' },
          { id: 'sites', header: 'Sites', cell: (c) => c.sites.map((x) => x.name).join(', ') },
          { id: 'updated', header: 'Updated', cell: (c) => formatDate(c.updated_at) },
        ]}
        rowActions={(c) => {
          // A client that also runs on a site the admin does not hold is theirs to see, not to change.
          const isDisabled = !holdsAllSites(viewerOf(session.user), c.site_ids);
          return [
            { id: 'edit', label: 'Edit', isDisabled },
            { id: 'delete', label: 'Delete', isDisabled },
          ];
        }}
        rowActionsLabel={(c) => `Actions for ${c.name}`}
        onRowAction={(c, a) => (a === 'edit' ? openEdit(c) : askDelete(c))}
        isLoading={!snap.loaded}
        emptyState={Messages.noClients}
      />
      <TablePages
        label="Clients pages"
        page={snap.page}
        pageSize={snap.pageSize}
        total={snap.models.length}
        onPage={setPage}
        onSize={setPageSize}
      />
      <ClientForm />
      <ConfirmDialog
        isOpen={snap.deleting !== null}
        title="Do you want delete client?"
        message={Messages.confirmRevert}
        confirmLabel="Delete"
        tone="danger"
        onConfirm={() => void deleteClient()}
        onCancel={() => askDelete(null)}
      />
    </section>
  );
}

/** How long the client's leads keep their personal data (docs/privacy.md); empty: the server's default. */
function RetentionField({ months, error }: { months: number | null | undefined; error: string | undefined }) {
  const [text, setText] = useState(() => retentionText(months));
  const fallback = serverConfig.retentionMonths;
  return (
    <TextField
      label="Retention (months)"
      inputMode="numeric"
      value={text}
      onChange={(v) => {
        setText(v);
        setRetention(v);
      }}
      description={`After this many months the scheduler erases its leads' name, e-mail, phone, answers and page URL; the figures stay. Empty: the default${fallback ? ` (${fallback} months)` : ''}.`}
      errorMessage={error ?? null}
    />
  );
}

function ClientForm() {
  const { form, sites, managers } = useSnapshot(clients);
  if (!form) return null;
  const p = form.payload;
  const errors = formErrors();
  const set = setField;
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && closeForm()}
      title={form.id === null ? 'Add client' : 'Edit client'}
      footer={
        <>
          <Button onPress={closeForm}>Cancel</Button>
          <Button variant="primary" isDisabled={Boolean(errors)} onPress={() => void saveClient()}>
            Save
          </Button>
        </>
      }
    >
      <Tabs
        aria-label="Client form"
        selected={form.tab}
        onSelectionChange={(tab) => clients.form && (clients.form.tab = tab)}
        tabs={[
          {
            id: 'sites',
            label: 'SITES',
            content: (
              <CheckboxGroup
                label="Sites"
                isRequired
                options={sites.map((x) => ({ value: String(x.id), label: x.name }))}
                value={p.site_ids.map(String)}
                onChange={(v) => set('site_ids', v.map(Number))}
              />
            ),
          },
          {
            id: 'profile',
            label: 'CLIENT PROFILE',
            content: (
              <div className={s.form}>
                <TextField label="Name" isRequired value={p.name} onChange={(v) => set('name', v)} />
                <ComboBox
                  label="Account manager"
                  isRequired
                  options={managers.map((m) => ({ id: m.id, label: m.name }))}
                  value={p.manager_id}
                  onChange={(v) => set('manager_id', v as number | null)}
                />
                <TextField label="Title" value={p.title ?? ''} onChange={(v) => set('title', v)} />
                <TextField
                  label="Contact person"
                  value={p.contact_name ?? ''}
                  onChange={(v) => set('contact_name', v)}
                />
                <TextField
                  label="Phone"
                  type="tel"
                  value={p.phone_number ?? ''}
                  onChange={(v) => set('phone_number', v)}
                />
                <TextField label="Email" type="email" value={p.email ?? ''} onChange={(v) => set('email', v)} />
                <RetentionField months={p.retention_months} error={errors?.retention_months?.[0]} />
              </div>
            ),
          },
          {
            id: 'billing',
            label: 'LEADS AND BILLING',
            content: <ClientBilling payload={p as ClientPayload} errors={errors} set={set} />,
          },
          // A client's destinations (issue #30): once it exists, saved apart from the client's Save.
          ...(form.id === null
            ? []
            : [
                {
                  id: 'delivery' as const,
                  label: 'DELIVERY',
                  content: (
                    <Suspense fallback={<p className={s.muted}>Loading destinations…</p>}>
                      <DeliveryTab clientId={form.id} siteIds={p.site_ids} />
                    </Suspense>
                  ),
                },
              ]),
        ]}
      />
      <StillNeeded errors={errors} />
    </Dialog>
  );
}

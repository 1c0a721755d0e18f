import { Messages, holdsAllSites, type Client, type ClientPayload } from '@lead/contract';
import { Button } from '@lead/headless/Button';
import { DataTable } from '@lead/headless/DataTable';
import { ConfirmDialog, Dialog } from '@lead/headless/Dialog';
import { DebouncedSearchField } from '@lead/headless/Filters';
import { Tabs } from '@lead/headless/Tabs';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { formatDate } from '../../lib/format.js';
import { useTouched } from '../../lib/form.js';
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
} from './clients.store.js';
import { pageOf } from './list-actions.js';
import * as st from './settings.css.js';
import { SiteFilter, StillNeeded, TablePages } from './shared.js';
import { ClientBilling } from './ClientBilling.js';
import { CLIENT_TAB_LABELS, ClientProfile, ClientSites } from './ClientFields.js';

export function ManageClients() {
  const snap = useSnapshot(clients);
  const [, navigate] = useLocation();
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
          {
            id: 'name',
            header: 'Name',
            isRowHeader: true,
            cell: (c) => (
              <Link href={`/clients/${c.id}`} className={s.link}>
                {c.name}
              </Link>
            ),
          },
          { id: 'manager', header: 'Account manager', cell: (c) => c.manager_name ?? '' },
          { id: 'contact', header: 'Contact person', cell: (c) => c.contact_name ?? '' },
          { id: 'sites', header: 'Sites', cell: (c) => c.sites.map((x) => x.name).join(', ') },
          { id: 'updated', header: 'Updated', cell: (c) => formatDate(c.updated_at) },
        ]}
        rowActions={(c) => {
          // A client that also runs on a site the admin does not hold is theirs to see, not to change.
          const isDisabled = !holdsAllSites(viewerOf(session.user), c.site_ids);
          return [
            { id: 'open', label: 'Open' },
            { id: 'edit', label: 'Edit', isDisabled },
            { id: 'delete', label: 'Delete', isDisabled },
          ];
        }}
        rowActionsLabel={(c) => `Actions for ${c.name}`}
        onRowAction={(c, a) => {
          if (a === 'open') navigate(`/clients/${c.id}`);
          else if (a === 'edit') openEdit(c);
          else askDelete(c);
        }}
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

function ClientForm() {
  const { form } = useSnapshot(clients);
  // A form of its own each time it opens: nothing touched yet.
  return form ? <ClientFormDialog key={form.id ?? 'new'} /> : null;
}

function ClientFormDialog() {
  const { form: f, sites, managers } = useSnapshot(clients);
  const form = f!;
  const p = form.payload as ClientPayload;
  const errors = formErrors();
  const touched = useTouched(errors);
  const id = form.id;
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && closeForm()}
      title={id === null ? 'Add client' : 'Edit client'}
      footer={
        <>
          {/* Its destinations, sites and billing on a page of its own (issue: clients and destinations on pages). */}
          {id === null ? null : (
            <Link href={`/clients/${id}`} className={s.link} onClick={closeForm}>
              Open client page
            </Link>
          )}
          <span className={st.grow} />
          <Button onPress={closeForm}>Cancel</Button>
          <Button variant="primary" isDisabled={Boolean(errors)} onPress={() => void saveClient()}>
            Save
          </Button>
        </>
      }
    >
      <Tabs
        aria-label="Client form"
        stableHeight
        selected={form.tab}
        onSelectionChange={(tab) => clients.form && (clients.form.tab = tab)}
        tabs={[
          {
            id: 'sites',
            label: CLIENT_TAB_LABELS.sites,
            content: <ClientSites payload={p} sites={sites} touched={touched} set={setField} />,
          },
          {
            id: 'profile',
            label: CLIENT_TAB_LABELS.profile,
            content: <ClientProfile payload={p} managers={managers} touched={touched} set={setField} />,
          },
          {
            id: 'billing',
            label: CLIENT_TAB_LABELS.billing,
            content: <ClientBilling payload={p} touched={touched} set={setField} />,
          },
        ]}
      />
      <StillNeeded errors={errors} />
    </Dialog>
  );
}

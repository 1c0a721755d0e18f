import { AccountStatus, Messages, type User } from '@lead/contract';
import { Button } from '@lead/headless/Button';
import { CheckboxGroup } from '@lead/headless/Checkbox';
import { DataTable } from '@lead/headless/DataTable';
import { ConfirmDialog, Dialog } from '@lead/headless/Dialog';
import { DebouncedSearchField } from '@lead/headless/Filters';
import { Select } from '@lead/headless/Select';
import { Switch } from '@lead/headless/Switch';
import { Tabs } from '@lead/headless/Tabs';
import { TextField } from '@lead/headless/TextField';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { formatDate, titleCase } from '../../lib/format.js';
import * as s from '../../shell/shell.css.js';
import { fullName, session } from '../../stores/session.js';
import { pageOf } from './list-actions.js';
import { useTouched } from '../../lib/form.js';
import * as st from './settings.css.js';
import { ReadOnlyValues, SiteFilter, StillNeeded, TablePages } from './shared.js';
import {
  askDelete,
  clientsOfSites,
  closeForm,
  deleteUser,
  filterSite,
  formErrors,
  loadUserOptions,
  loadUsers,
  openCreate,
  openEdit,
  saveUser,
  search,
  setField,
  setPage,
  setPageSize,
  setSites,
  setStatus,
  users,
} from './users.store.js';

export function ManageUsers() {
  const snap = useSnapshot(users);
  const me = useSnapshot(session).user;
  useEffect(() => {
    void loadUserOptions();
    void loadUsers();
  }, []);
  const rows = pageOf(snap.models, snap.page, snap.pageSize) as User[];
  return (
    <section aria-labelledby="users-title">
      <h2 id="users-title">Manage users</h2>
      <div className={st.toolbar}>
        <DebouncedSearchField label="Search users" value={snap.name} onSearch={search} />
        <SiteFilter sites={snap.sites} value={snap.siteId} onChange={filterSite} />
        <span className={st.grow} />
        <Button variant="primary" onPress={openCreate}>
          Add user
        </Button>
      </div>
      <DataTable
        aria-label="Users"
        rows={rows}
        getRowId={(u) => u.id}
        columns={[
          { id: 'name', header: 'Name', cell: (u) => fullName(u), isRowHeader: true },
          { id: 'email', header: 'Email', cell: (u) => u.email },
          { id: 'role', header: 'Role', cell: (u) => titleCase(u.roles[0]?.name ?? '') },
          { id: 'sites', header: 'Sites', cell: (u) => u.sites.map((x) => x.hostname).join(', ') },
          {
            id: 'status',
            header: 'Status',
            cell: (u) => (
              <Switch isSelected={u.status === AccountStatus.Active} onChange={(on) => void setStatus(u, on)}>
                {u.status === AccountStatus.Active ? 'Active' : 'Inactive'}
              </Switch>
            ),
          },
          { id: 'created', header: 'Created', cell: (u) => formatDate(u.created_at) },
        ]}
        rowActions={(u) => [
          { id: 'edit', label: 'Edit' },
          ...(u.id !== me?.id ? [{ id: 'delete', label: 'Delete' }] : []),
        ]}
        rowActionsLabel={(u) => `Actions for ${fullName(u)}`}
        onRowAction={(u, a) => (a === 'edit' ? openEdit(u) : askDelete(u))}
        isLoading={!snap.loaded}
        emptyState="No users found."
      />
      <TablePages
        label="Users pages"
        page={snap.page}
        pageSize={snap.pageSize}
        total={snap.models.length}
        onPage={setPage}
        onSize={setPageSize}
      />
      <UserForm />
      <ConfirmDialog
        isOpen={snap.deleting !== null}
        title="Do you want delete user?"
        message={
          snap.deleting ? `${fullName(snap.deleting)} (${snap.deleting.email}). ${Messages.confirmRevert}` : null
        }
        confirmLabel="Delete"
        tone="danger"
        onConfirm={() => void deleteUser()}
        onCancel={() => askDelete(null)}
      />
    </section>
  );
}

function UserForm() {
  const { form } = useSnapshot(users);
  // A form of its own each time it opens: nothing touched yet.
  return form ? <UserFormDialog key={form.id ?? 'new'} /> : null;
}

function UserFormDialog() {
  const { form: f, roles, sites } = useSnapshot(users);
  const form = f!;
  const p = form.payload;
  const errors = formErrors();
  const touched = useTouched(errors);
  const set = setField;
  const clients = clientsOfSites(p.site_ids);
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && closeForm()}
      title={form.id === null ? 'Add user' : 'Edit user'}
      footer={
        <>
          <Button onPress={closeForm}>Cancel</Button>
          <Button variant="primary" isDisabled={Boolean(errors)} onPress={() => void saveUser()}>
            Save
          </Button>
        </>
      }
    >
      <Tabs
        aria-label="User form"
        selected={form.tab}
        onSelectionChange={(tab) => users.form && (users.form.tab = tab)}
        tabs={[
          {
            id: 'profile',
            label: 'USER PROFILE',
            content: (
              <div className={s.form}>
                {form.id !== null ? (
                  <ReadOnlyValues items={[{ label: 'Email', value: p.email, note: 'The email cannot be changed.' }]} />
                ) : (
                  <TextField
                    label="Email"
                    type="email"
                    isRequired
                    value={p.email}
                    onChange={(v) => set('email', v)}
                    {...touched.field('email')}
                  />
                )}
                <TextField
                  label="First name"
                  isRequired
                  value={p.first_name}
                  onChange={(v) => set('first_name', v)}
                  {...touched.field('first_name')}
                />
                <TextField label="Last name" value={p.last_name} onChange={(v) => set('last_name', v)} />
                <Select
                  label="Role"
                  isRequired
                  options={roles.map((r) => ({ id: r.id, label: titleCase(r.name) }))}
                  value={p.role_ids[0] ?? null}
                  onChange={(v) => set('role_ids', v === null ? [] : [v as number])}
                />
                <Switch
                  isSelected={p.status === AccountStatus.Active}
                  onChange={(on) => set('status', on ? AccountStatus.Active : AccountStatus.Inactive)}
                >
                  Active
                </Switch>
              </div>
            ),
          },
          {
            id: 'sites',
            label: 'SITES & CLIENTS',
            content: (
              <div className={s.form}>
                <CheckboxGroup
                  label="Sites"
                  isRequired
                  options={sites.map((x) => ({ value: String(x.id), label: x.name }))}
                  value={p.site_ids.map(String)}
                  onChange={(v) => setSites(v.map(Number))}
                />
                {clients.length ? (
                  <CheckboxGroup
                    label="Clients"
                    isRequired
                    options={clients.map((c) => ({ value: String(c.id), label: c.name }))}
                    value={p.client_ids.map(String)}
                    onChange={(v) => set('client_ids', v.map(Number))}
                  />
                ) : (
                  <p className={s.muted}>{Messages.noClients}</p>
                )}
              </div>
            ),
          },
        ]}
      />
      <StillNeeded errors={errors} />
    </Dialog>
  );
}

import { holdsAllSites, type ClientPayload } from '@lead/contract';
import { Button } from '@lead/headless/Button';
import { Tabs } from '@lead/headless/Tabs';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useParams, useSearch } from 'wouter';
import { useTouched } from '../../lib/form.js';
import { PageHeading } from '../../shell/PageHeading.js';
import * as s from '../../shell/shell.css.js';
import { isAdmin, session, viewerOf } from '../../stores/session.js';
import { ClientBilling } from '../settings/ClientBilling.js';
import { CLIENT_TAB_LABELS, ClientProfile, ClientSites } from '../settings/ClientFields.js';
import { clients } from '../settings/clients.store.js';
import { loadDestinations } from '../settings/delivery.store.js';
import { StillNeeded } from '../settings/shared.js';
import {
  cancelClientChanges,
  clientPage,
  clientPageChanged,
  clientPageErrors,
  loadClientPage,
  saveClientPage,
  setClientField,
  type ClientPageTab,
} from './client.store.js';
import { ClientDestinations } from './ClientDestinations.js';
import { ClientVerdicts } from './ClientVerdicts.js';
import { AdminsOnly, BackLink } from './shared.js';
import * as cs from './clients.css.js';

const TABS: readonly ClientPageTab[] = ['sites', 'profile', 'billing', 'destinations', 'verdicts'];

/**
 * A client's page (`/clients/:id`, admins only): its sites, profile, leads and billing, as the
 * Edit client dialog has them and saved by the same rules with one Cancel and Save in the header,
 * its destinations, each on a page of its own, and its verdicts (window and API keys). The tabs
 * are as tall as the tallest, so the page does not jump as they change. A limited admin lacking
 * one of the client's sites sees it and changes nothing, and has no VERDICTS tab: its API keys are
 * for those who may change the client.
 */
export default function ClientScreen() {
  const { user } = useSnapshot(session);
  if (!isAdmin(user)) return <AdminsOnly title="Client" />;
  return <ClientPage />;
}

function ClientPage() {
  const { id: raw } = useParams<{ id: string }>();
  const id = Number(raw);
  const wanted = new URLSearchParams(useSearch()).get('tab') as ClientPageTab | null;
  const snap = useSnapshot(clientPage);
  const { sites, managers } = useSnapshot(clients);
  useEffect(() => {
    const abort = new AbortController();
    if (Number.isInteger(id) && id > 0) {
      void loadClientPage(id, abort.signal);
      void loadDestinations(id, abort.signal);
    } else clientPage.notFound = true;
    return () => abort.abort();
  }, [id]);
  useEffect(() => {
    if (wanted && TABS.includes(wanted)) clientPage.tab = wanted;
  }, [wanted]);
  // A field's message once it is left (lib/form.ts); forgotten when the page is loaded, saved or cancelled.
  const touched = useTouched(snap.id === id ? clientPageErrors() : undefined);
  const { reset } = touched;
  useEffect(() => reset(), [snap.revision, reset]);

  if (snap.notFound && snap.id === id) {
    return (
      <>
        <PageHeading className={s.heading}>Client not found</PageHeading>
        <BackLink href="/clients">Back to the clients</BackLink>
      </>
    );
  }
  const client = snap.id === id ? snap.client : null;
  const payload = snap.id === id ? snap.payload : null;
  if (!client || !payload) return <PageHeading className={s.heading}>Client</PageHeading>;
  const canChange = holdsAllSites(viewerOf(session.user), client.site_ids);
  const errors = clientPageErrors();
  const changed = clientPageChanged();
  const p = payload as ClientPayload;
  return (
    <>
      <BackLink href="/clients">Clients</BackLink>
      <header className={s.pageHeader}>
        <div className={cs.titleBlock}>
          <PageHeading className={s.heading}>{client.name}</PageHeading>
          <p className={s.muted}>
            {client.sites.map((x) => x.name).join(', ')}
            {client.manager_name ? ` · Account manager ${client.manager_name}` : ''}
          </p>
        </div>
        {canChange ? (
          <div className={s.row}>
            <Button isDisabled={!changed} onPress={cancelClientChanges}>
              Cancel
            </Button>
            <Button variant="primary" isDisabled={!changed || Boolean(errors)} onPress={() => void saveClientPage()}>
              Save
            </Button>
          </div>
        ) : null}
      </header>
      {canChange ? null : (
        <p role="note" className={cs.note}>
          This client also runs on a site you do not hold: you can see it, not change it.
        </p>
      )}
      <div className={cs.panel}>
        <Tabs
          key={snap.revision}
          aria-label="Client"
          stableHeight
          selected={!canChange && snap.tab === 'verdicts' ? 'sites' : snap.tab}
          onSelectionChange={(tab) => (clientPage.tab = tab)}
          tabs={[
            {
              id: 'sites',
              label: CLIENT_TAB_LABELS.sites,
              content: (
                <ClientSites payload={p} sites={sites} touched={touched} set={setClientField} isDisabled={!canChange} />
              ),
            },
            {
              id: 'profile',
              label: CLIENT_TAB_LABELS.profile,
              content: <ClientProfile payload={p} managers={managers} touched={touched} set={setClientField} />,
            },
            {
              id: 'billing',
              label: CLIENT_TAB_LABELS.billing,
              content: <ClientBilling payload={p} touched={touched} set={setClientField} />,
            },
            {
              id: 'destinations',
              label: 'DESTINATIONS',
              content: <ClientDestinations clientId={client.id} canChange={canChange} />,
            },
            ...(canChange
              ? [
                  {
                    id: 'verdicts' as const,
                    label: 'VERDICTS',
                    content: <ClientVerdicts clientId={client.id} payload={p} errors={errors} set={setClientField} />,
                  },
                ]
              : []),
          ]}
        />
        {changed ? <StillNeeded errors={errors} /> : null}
      </div>
    </>
  );
}

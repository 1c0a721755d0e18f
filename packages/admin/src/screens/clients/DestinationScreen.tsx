import { holdsAllSites, Messages, type Destination } from '@lead/contract';
import { Button } from '@lead/headless/Button';
import { ConfirmDialog } from '@lead/headless/Dialog';
import { lazy, Suspense, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation, useParams, useSearch } from 'wouter';
import { PageHeading } from '../../shell/PageHeading.js';
import * as s from '../../shell/shell.css.js';
import { isAdmin, session, viewerOf } from '../../stores/session.js';
import {
  askDeleteDestination,
  askRotateSecret,
  delivery,
  deleteDestination,
  loadDestinations,
  rotateSecret,
  saveDestination,
  sendTestEvent,
  showAttempts,
  startDestinationForm,
} from '../settings/delivery.store.js';
import { DestinationEditor } from '../settings/DestinationEditor.js';
import { clientPage, loadClientPage } from './client.store.js';
import { DestinationBadge } from './ClientDestinations.js';
import * as cs from './clients.css.js';
import { SecretOnce } from './SecretOnce.js';
import { AdminsOnly, BackLink } from './shared.js';

/** The attempts log's code (its date-range picker, calendar and Temporal) loads after the page. */
const DestinationAttempts = lazy(() =>
  import('./DestinationAttempts.js').then((m) => ({ default: m.DestinationAttempts })),
);

/**
 * A destination's page (`/clients/:id/destinations/:destId`, or `new?kind=webhook|email`; admins
 * only): its state as a badge, its settings with one Cancel and Save, Send test event (a webhook),
 * secret rotation, delete, and its attempts log with resend.
 */
export default function DestinationScreen() {
  const { user } = useSnapshot(session);
  if (!isAdmin(user)) return <AdminsOnly title="Destination" />;
  return <DestinationPage />;
}

function DestinationPage() {
  const params = useParams<{ id: string; destId: string }>();
  const clientId = Number(params.id);
  const isNew = params.destId === 'new';
  const destId = isNew ? null : Number(params.destId);
  const kind = new URLSearchParams(useSearch()).get('kind') === 'email' ? 'email' : 'webhook';
  const [, navigate] = useLocation();
  const snap = useSnapshot(delivery);
  const page = useSnapshot(clientPage);
  useEffect(() => {
    const abort = new AbortController();
    if (Number.isInteger(clientId) && clientId > 0) {
      void loadClientPage(clientId, abort.signal);
      void loadDestinations(clientId, abort.signal);
    }
    return () => abort.abort();
  }, [clientId]);
  const saved =
    snap.clientId === clientId ? (snap.models.find((d) => d.id === destId) as Destination | undefined) : undefined;
  const loaded = snap.clientId === clientId && snap.loaded;
  // The settings start from the saved destination (or a new one of its kind), once per destination.
  useEffect(() => {
    if (isNew) startDestinationForm(kind);
    else if (loaded && destId !== null) {
      const d = delivery.models.find((x) => x.id === destId);
      if (d) {
        startDestinationForm(d);
        void showAttempts(d);
      }
    }
  }, [isNew, kind, loaded, destId]);

  const back = `/clients/${clientId}?tab=destinations`;
  const client = page.id === clientId ? page.client : null;
  if ((loaded && !isNew && !saved) || (page.id === clientId && page.notFound) || !Number.isInteger(destId ?? 0)) {
    return (
      <>
        <PageHeading className={s.heading}>Destination not found</PageHeading>
        <BackLink href={client ? back : '/clients'}>{client ? client.name : 'Back to the clients'}</BackLink>
      </>
    );
  }
  if (!client || (!isNew && !saved)) return <PageHeading className={s.heading}>Destination</PageHeading>;
  const canChange = holdsAllSites(viewerOf(session.user), client.site_ids);
  const d = saved ?? null;
  const title = d ? d.name : kind === 'webhook' ? 'Add webhook' : 'Add e-mail file';
  return (
    <>
      <BackLink href={back}>{client.name}</BackLink>
      <header className={s.pageHeader}>
        <div className={cs.titleBlock}>
          <div className={cs.titleLine}>
            <PageHeading className={s.heading}>{title}</PageHeading>
            {d ? <DestinationBadge destination={d} /> : null}
          </div>
          <p className={s.muted}>
            {(d?.kind ?? kind) === 'webhook' ? 'Webhook' : 'Scheduled file by e-mail'} of {client.name}
            {d?.url ? ` · ${d.url}` : ''}
          </p>
        </div>
        {d && canChange ? (
          <div className={s.row}>
            {d.kind === 'webhook' ? (
              <>
                <Button variant="primary" isDisabled={snap.testing} onPress={() => void sendTestEvent(d)}>
                  {snap.testing ? 'Sending test event…' : 'Send test event'}
                </Button>
                <Button onPress={() => askRotateSecret(d)}>Rotate secret</Button>
              </>
            ) : null}
            <Button variant="danger" onPress={() => askDeleteDestination(d)}>
              Delete
            </Button>
          </div>
        ) : null}
      </header>
      {snap.secret ? <SecretOnce name={snap.secret.name} secret={snap.secret.value} /> : null}
      <div className={cs.sections}>
        {canChange ? (
          <div className={cs.panel}>
            <DestinationEditor
              onCancel={() => (d ? startDestinationForm(d) : navigate(back))}
              onSave={() =>
                void saveDestination().then((model) => {
                  if (model && isNew) navigate(`/clients/${clientId}/destinations/${model.id}`, { replace: true });
                })
              }
            />
          </div>
        ) : null}
        {d ? (
          <div className={cs.panel}>
            <Suspense fallback={<p className={s.muted}>Loading attempts…</p>}>
              <DestinationAttempts destination={d} canResend={canChange} />
            </Suspense>
          </div>
        ) : null}
      </div>
      <ConfirmDialog
        isOpen={snap.deleting !== null}
        title="Do you want delete destination?"
        message={Messages.confirmRevert}
        confirmLabel="Delete"
        tone="danger"
        onConfirm={() => void deleteDestination().then((gone) => gone && navigate(back))}
        onCancel={() => askDeleteDestination(null)}
      />
      <ConfirmDialog
        isOpen={snap.rotating !== null}
        title="Rotate the signing secret?"
        message="A new secret signs from now on; the old one still signs beside it for 24 hours, time to change the receiver."
        confirmLabel="Rotate"
        onConfirm={() => void rotateSecret()}
        onCancel={() => askRotateSecret(null)}
      />
    </>
  );
}

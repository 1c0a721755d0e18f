import { useSnapshot } from 'valtio';
import { PageHeading } from '../../shell/PageHeading.js';
import * as s from '../../shell/shell.css.js';
import { isAdmin, session } from '../../stores/session.js';
import { ManageClients } from '../settings/ManageClients.js';
import * as st from '../settings/settings.css.js';
import { AdminsOnly } from './shared.js';

/**
 * Clients (`/clients`, the navigation's Clients, admins only): Manage clients' table, search, site
 * filter and Add client / Edit client dialog, each client's name opening its page.
 */
export default function ClientsScreen() {
  const { user } = useSnapshot(session);
  if (!isAdmin(user)) return <AdminsOnly title="Clients" />;
  return (
    <>
      <header className={s.pageHeader}>
        <PageHeading className={s.heading}>Clients</PageHeading>
      </header>
      <div className={st.panel}>
        <ManageClients />
      </div>
    </>
  );
}

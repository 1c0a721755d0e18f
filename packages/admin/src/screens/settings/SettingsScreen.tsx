import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { Link, useSearch } from 'wouter';
import { PageHeading } from '../../shell/PageHeading.js';
import * as s from '../../shell/shell.css.js';
import { isAdmin, session } from '../../stores/session.js';
import { loadAccount } from './account.store.js';
import { ChangePassword } from './ChangePassword.js';
import { ManageClients } from './ManageClients.js';
import { ManageUsers } from './ManageUsers.js';
import { PersonalDetails } from './PersonalDetails.js';
import { SiteCapForm } from './SiteCapForm.js';
import * as st from './settings.css.js';

type Section = 'personal' | 'password' | 'users' | 'clients' | 'cap';
const SECTIONS: Array<{ id: Section; label: string; adminOnly: boolean }> = [
  { id: 'personal', label: 'Personal details', adminOnly: false },
  { id: 'password', label: 'Change password', adminOnly: false },
  { id: 'users', label: 'Manage users', adminOnly: true },
  { id: 'clients', label: 'Manage clients', adminOnly: true },
  { id: 'cap', label: 'Pop-up cap', adminOnly: true },
];

/** The side menu; Manage users, Manage clients and Pop-up cap for admins only. */
export default function SettingsScreen() {
  const { user } = useSnapshot(session);
  const admin = isAdmin(user);
  const search = useSearch();
  const wanted = new URLSearchParams(search).get('section') as Section | null;
  const sections = SECTIONS.filter((x) => admin || !x.adminOnly);
  const current = sections.find((x) => x.id === wanted)?.id ?? 'personal';
  // Again after each navigation, which aborts a load still in flight: a change of section, and a
  // link to the section already shown ('/account-settings' to '?section=personal') too.
  useEffect(() => {
    void loadAccount();
  }, [search]);
  return (
    <>
      <header className={s.pageHeader}>
        <PageHeading className={s.heading}>Account settings</PageHeading>
      </header>
      <div className={st.layout}>
        <nav aria-label="Settings">
          <ul className={st.menu}>
            {sections.map((x) => (
              <li key={x.id}>
                <Link
                  href={`/account-settings?section=${x.id}`}
                  className={st.menuLink}
                  aria-current={x.id === current ? 'page' : undefined}
                >
                  {x.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className={st.panel}>
          {current === 'personal' ? <PersonalDetails /> : null}
          {current === 'password' ? <ChangePassword /> : null}
          {current === 'users' ? <ManageUsers /> : null}
          {current === 'clients' ? <ManageClients /> : null}
          {current === 'cap' ? <SiteCapForm /> : null}
        </div>
      </div>
    </>
  );
}

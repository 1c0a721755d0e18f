import { MenuButton } from '@lead/headless/Menu';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { config } from '../config.js';
import { navigate } from '../router/hash-location.js';
import { fullName, initials, isAdmin, session } from '../stores/session.js';
import { logOut } from './shell.store.js';
import * as s from './shell.css.js';

/** Logo to home, the user-initials menu, the Campaign and Leads links and the Support link. */
export function Sidebar() {
  const { user } = useSnapshot(session);
  const letters = initials(user);
  return (
    <nav aria-label="Main" className={s.sidebar}>
      <Link href="/" className={s.logo} aria-label="Lead home">
        Lead
      </Link>
      <MenuButton
        aria-label={`${letters}: menu of ${user ? fullName(user) : 'the user'}`}
        className={s.initials}
        placement="end"
        items={[
          { id: 'setting', label: 'Setting' },
          { id: 'history', label: 'System History' },
          // The admins' privacy tool (docs/privacy.md).
          ...(isAdmin(user) ? [{ id: 'erase', label: 'Erase a person' }] : []),
          'separator',
          { id: 'logout', label: 'Log out' },
        ]}
        onAction={(id) => {
          if (id === 'setting') navigate('/account-settings');
          else if (id === 'history') navigate('/system-history');
          else if (id === 'erase') navigate('/erase-person');
          else void logOut();
        }}
      >
        {letters}
      </MenuButton>
      <ul className={s.links}>
        <li>
          <Link href="/" className={s.link}>
            Campaign
          </Link>
        </li>
        <li>
          <Link href="/leads" className={s.link}>
            Leads
          </Link>
        </li>
        <li>
          <a href={config.supportUrl} target="_blank" rel="noreferrer noopener" className={s.link}>
            Support<span className={s.visuallyHidden}> (opens in a new tab)</span>
          </a>
        </li>
      </ul>
    </nav>
  );
}

import { Button } from '@lead/headless/Button';
import { MenuButton } from '@lead/headless/Menu';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useSnapshot } from 'valtio';
import { Link, useLocation, useSearch } from 'wouter';
import { config } from '../config.js';
import { navigate } from '../router/hash-location.js';
import { fullName, initials, isAdmin, session } from '../stores/session.js';
import { Icon } from './icons.js';
import { activeItem, navItemsFor } from './nav-items.js';
import { logOut } from './shell.store.js';
import * as s from './shell.css.js';
import * as n from './nav.css.js';

/** Below this width the navigation folds into a top bar with a menu button. */
export const NARROW = '(max-width: 1023.98px)';

function useNarrow(): boolean {
  return useSyncExternalStore(
    (change) => {
      const query = window.matchMedia?.(NARROW);
      query?.addEventListener('change', change);
      return () => query?.removeEventListener('change', change);
    },
    () => window.matchMedia?.(NARROW).matches ?? false,
  );
}

/** The initials menu (the spec's user menu: Setting, System History, Log out; and the admins' Erase a person). */
function UserMenu() {
  const { user } = useSnapshot(session);
  const letters = initials(user);
  return (
    <MenuButton
      aria-label={`${letters}: menu of ${user ? fullName(user) : 'the user'}`}
      className={n.initials}
      placement="top start"
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
  );
}

/**
 * The left navigation: the logo to home, one link per place with its icon (Campaign, Leads,
 * Clients, Users, System History, Settings, Erase a person; admins' entries for admins only), the
 * Support link and the initials menu. Below 1024 px it is a top bar whose menu button opens the
 * same links as a panel: focus moves into it, Escape or a navigation closes it and focus returns.
 */
export function Sidebar() {
  const { user } = useSnapshot(session);
  const narrow = useNarrow();
  const [path] = useLocation();
  const search = useSearch();
  const items = navItemsFor(isAdmin(user));
  const active = activeItem(items, path, search);
  const panel = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  // The panel is open at the page where it was opened: a navigation, or a wider window, closes it.
  const here = `${path}?${search}`;
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = narrow && openAt === here;

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('a')?.focus();
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpenAt(null);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
  const close = () => {
    setOpenAt(null);
    toggle.current?.focus();
  };

  return (
    <nav aria-label="Main" className={n.nav} data-shell-nav="" data-narrow={narrow || undefined}>
      <div className={n.top}>
        <Link href="/" className={n.logo} aria-label="Lead home">
          <svg className={n.logoMark} viewBox="0 0 28 28" width="28" height="28" aria-hidden="true" focusable="false">
            <rect width="28" height="28" rx="6" />
            <path d="M10 8v12h8" />
          </svg>
          Lead
        </Link>
        {narrow ? (
          <>
            <UserMenu />
            <Button
              ref={toggle}
              className={n.menuToggle}
              aria-expanded={open}
              aria-controls="main-nav-panel"
              onPress={() => setOpenAt(open ? null : here)}
            >
              <Icon name={open ? 'close' : 'menu'} />
              Menu
            </Button>
          </>
        ) : null}
      </div>
      {narrow && open ? <div className={n.scrim} onClick={close} aria-hidden="true" /> : null}
      <div id="main-nav-panel" ref={panel} className={n.panel} hidden={narrow && !open}>
        <ul className={n.list}>
          {items.map((item) => (
            <li key={item.href}>
              <Link href={item.href} className={n.link} aria-current={item === active ? 'page' : undefined}>
                <Icon name={item.icon} />
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
        <div className={n.foot}>
          <a href={config.supportUrl} target="_blank" rel="noreferrer noopener" className={n.link}>
            <Icon name="support" />
            Support<span className={s.visuallyHidden}> (opens in a new tab)</span>
          </a>
          {narrow ? null : (
            <div className={n.user}>
              <UserMenu />
              <span className={n.userName}>{user ? fullName(user) : ''}</span>
            </div>
          )}
        </div>
      </div>
    </nav>
  );
}

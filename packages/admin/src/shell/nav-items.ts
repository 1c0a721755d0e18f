/** The left navigation's entries, in order; `icon` names one of icons.tsx. */
export interface NavItem {
  label: string;
  href: string;
  icon: 'campaign' | 'leads' | 'clients' | 'users' | 'history' | 'settings' | 'erase';
  /** Admins only (campaign-leader and system), as the settings' Manage users and Manage clients and the privacy tool. */
  adminOnly?: boolean;
}

/** Campaign is the spec's Campaign link; Clients opens the clients' pages; Users opens Settings' Manage users. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Campaign', href: '/', icon: 'campaign' },
  { label: 'Leads', href: '/leads', icon: 'leads' },
  { label: 'Clients', href: '/clients', icon: 'clients', adminOnly: true },
  { label: 'Users', href: '/account-settings?section=users', icon: 'users', adminOnly: true },
  { label: 'System History', href: '/system-history', icon: 'history' },
  { label: 'Settings', href: '/account-settings', icon: 'settings' },
  { label: 'Erase a person', href: '/erase-person', icon: 'erase', adminOnly: true },
];

export const navItemsFor = (admin: boolean): NavItem[] => NAV_ITEMS.filter((item) => admin || !item.adminOnly);

/** The campaign screens: the list, its detail, the builder and its success page. */
const CAMPAIGN_PATHS = /^\/(overview|campaign-details\/|new-campaign|edit-campaign\/|create-campaign-success)/;

/** The one entry the current page belongs to (its link carries aria-current="page"), or null. */
export function activeItem(items: readonly NavItem[], path: string, search: string): NavItem | null {
  const section = new URLSearchParams(search).get('section');
  return (
    items.find((item) => {
      if (item.href === '/') return path === '/' || CAMPAIGN_PATHS.test(path);
      const [itemPath, itemQuery] = item.href.split('?');
      if (path !== itemPath && !path.startsWith(`${itemPath}/`)) return false;
      if (itemQuery) return new URLSearchParams(itemQuery).get('section') === section;
      // Settings holds every section but those with an entry of their own.
      return !items.some((other) => other !== item && other.href.startsWith(`${itemPath}?section=${section}`));
    }) ?? null
  );
}

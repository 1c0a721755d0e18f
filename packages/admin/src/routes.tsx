import { lazy, type ComponentType } from 'react';
import type { Access } from './router/guard.js';

export interface RouteDef {
  path: string;
  /** The route's name in the page title: 'Lead v3.0 - {name}'. */
  name: string;
  access: Access;
  screen: ComponentType;
}

const screen = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

/** Every route, in one table: path, title, guard, screen. */
export const ROUTES: RouteDef[] = [
  {
    path: '/',
    name: 'Campaign',
    access: 'user',
    screen: screen(() => import('./screens/campaigns/CampaignListScreen.js')),
  },
  {
    path: '/overview',
    name: 'Campaign',
    access: 'user',
    screen: screen(() => import('./screens/campaigns/CampaignListScreen.js')),
  },
  { path: '/login', name: 'Login', access: 'guest', screen: screen(() => import('./screens/auth/LoginScreen.js')) },
  { path: '/signup', name: 'Sign up', access: 'guest', screen: screen(() => import('./screens/auth/SignUpScreen.js')) },
  {
    path: '/signout-thankyou',
    name: 'Thank you',
    access: 'guest',
    screen: screen(() => import('./screens/auth/SignOutThankYouScreen.js')),
  },
  {
    path: '/reset-password-by-email',
    name: 'Forgot password',
    access: 'public',
    screen: screen(() => import('./screens/auth/ResetRequestScreen.js')),
  },
  {
    path: '/reset-password/:token',
    name: 'Reset password',
    access: 'public',
    screen: screen(() => import('./screens/auth/ResetPasswordScreen.js')),
  },
  {
    path: '/verdicts/:token',
    name: 'Verdicts on leads',
    access: 'public',
    screen: screen(() => import('./screens/verdicts/LeadFileVerdictsScreen.js')),
  },
  {
    path: '/new-campaign',
    name: 'New campaign',
    access: 'user',
    screen: screen(() => import('./screens/builder/BuilderScreen.js')),
  },
  {
    path: '/edit-campaign/:id',
    name: 'Edit campaign',
    access: 'user',
    screen: screen(() => import('./screens/builder/BuilderScreen.js')),
  },
  {
    path: '/create-campaign-success',
    name: 'Campaign created',
    access: 'user',
    screen: screen(() => import('./screens/builder/CreateSuccessScreen.js')),
  },
  {
    path: '/campaign-details/:id',
    name: 'Campaign details',
    access: 'user',
    screen: screen(() => import('./screens/campaign-detail/CampaignDetailScreen.js')),
  },
  { path: '/leads', name: 'Leads', access: 'user', screen: screen(() => import('./screens/leads/LeadsScreen.js')) },
  {
    path: '/leads/:id/consent',
    name: 'Consent record',
    access: 'user',
    screen: screen(() => import('./screens/consent/ConsentScreen.js')),
  },
  {
    path: '/account-settings',
    name: 'Account settings',
    access: 'user',
    screen: screen(() => import('./screens/settings/SettingsScreen.js')),
  },
  {
    path: '/clients',
    name: 'Clients',
    access: 'user',
    screen: screen(() => import('./screens/clients/ClientsScreen.js')),
  },
  {
    path: '/clients/:id',
    name: 'Client',
    access: 'user',
    screen: screen(() => import('./screens/clients/ClientScreen.js')),
  },
  {
    path: '/clients/:id/destinations/:destId',
    name: 'Destination',
    access: 'user',
    screen: screen(() => import('./screens/clients/DestinationScreen.js')),
  },
  {
    path: '/erase-person',
    name: 'Erase a person',
    access: 'user',
    screen: screen(() => import('./screens/erasure/EraseScreen.js')),
  },
  {
    path: '/system-history',
    name: 'System history',
    access: 'user',
    screen: screen(() => import('./screens/history/HistoryScreen.js')),
  },
];

/** The catch-all: signed-in visitors see it; signed-out ones go to login like everywhere else. */
export const NOT_FOUND: RouteDef = {
  path: '*',
  name: 'Not found',
  access: 'user',
  screen: screen(() => import('./screens/NotFoundScreen.js')),
};

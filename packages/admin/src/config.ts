/**
 * The admin's configuration, read from Vite's env at build time (and nowhere else):
 * VITE_API_BASE, VITE_APP_ENV (production, staging, development) and VITE_SUPPORT_URL.
 */
export type AppEnv = 'production' | 'staging' | 'development';

const env = import.meta.env;
const appEnv = (env.VITE_APP_ENV as AppEnv | undefined) ?? (env.PROD ? 'production' : 'development');

export const config = {
  /** Where the API lives; the server that serves the admin also serves /api/admin. */
  apiBase: (env.VITE_API_BASE as string | undefined) ?? '/api/admin',
  env: appEnv,
  /** Every call times out after 60 seconds. */
  timeout: 60_000,
  supportUrl: (env.VITE_SUPPORT_URL as string | undefined) ?? 'https://support.lead.test/',
} as const;

/**
 * What the server says of itself (GET /config, stores/server-config.ts), read at start. Its time
 * zone: wire dates are its wall time and the figures' days are its days ("today" too). Until the
 * answer comes, the time zone of the first sites. `retentionMonths`: how long leads' personal data is
 * kept for a client that sets no period of its own (null until known).
 */
export const serverConfig: { timeZone: string; retentionMonths: number | null } = {
  timeZone: 'Asia/Ho_Chi_Minh',
  retentionMonths: null,
};

export const APP_TITLE = 'Lead v3.0';
const PREFIX: Record<AppEnv, string> = { production: '', staging: '[STAGING] ', development: '[DEV] ' };

/** 'Lead v3.0 - Login', with '[STAGING] ' or '[DEV] ' before it outside production. */
export const pageTitle = (routeName: string, appEnvironment: AppEnv = config.env): string =>
  `${PREFIX[appEnvironment]}${APP_TITLE} - ${routeName}`;

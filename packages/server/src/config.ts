import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { OWASP_SCRYPT, type ScryptParams } from './lib/crypto.js';

/**
 * Every environment variable the server reads, read here and nowhere else,
 * validated at start so that a typo fails loudly instead of half-working.
 */
export interface Config {
  port: number;
  host: string;
  /** postgres:// URL; when empty the server runs on embedded PGlite in `dataDir`. */
  databaseUrl: string | null;
  dataDir: string;
  /** IANA time zone of dates on the wire. */
  timeZone: string;
  publicUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  demo: boolean;
  adminEmail: string | null;
  adminPassword: string | null;
  /** Directory of the built admin SPA, served under /admin/. */
  adminDist: string | null;
  logLevel: string;
  /** Run the lifecycle scheduler in this process (one process of those sharing a database leads it). */
  scheduler: boolean;
  /** Seconds between lifecycle sweeps (and leadership attempts). */
  schedulerInterval: number;
  /** Months a lead's personal data is kept when its client sets none (RETENTION_MONTHS); then the scheduler erases it. */
  retentionMonths: number;
  /** A nats:// URL: partner-page events go through NATS JetStream; null: written directly. */
  eventsUrl: string | null;
  env: 'production' | 'staging' | 'development' | 'test';
  /**
   * Which proxies' X-Forwarded-For to believe for the caller's address (the
   * key of every per-IP limit): false (the socket's address), a hop count, or
   * the proxies' addresses and CIDR ranges.
   */
  trustProxy: false | number | string[];
  /** scrypt's parameters for new password hashes: N from SCRYPT_COST, r=8, p=1. */
  passwordHash: ScryptParams;
  /** A request's headers and body must have arrived within this (ms); else 408 and the connection closes. */
  requestTimeoutMs: number;
  /** A request's headers must have arrived within this (ms). */
  headersTimeoutMs: number;
  /**
   * The most connections one address (an IPv6 /64) may hold open at once; more are closed at once.
   * 0: no cap (behind a proxy, where every connection comes from the proxy: cap there).
   */
  maxConnectionsPerAddress: number;
  /** Mean event-loop delay (ms, two 100-ms windows in a row) above which the public routes answer 503; 0: never. */
  shedEventLoopDelayMs: number;
  /** Who may read GET /metrics: these addresses or CIDR ranges... */
  metricsAllow: string[];
  /** ...or a caller with `Authorization: Bearer <token>` (null: no token opens it). */
  metricsToken: string | null;
  /**
   * Receivers in a company network that webhooks may reach although their addresses are private
   * (addresses or CIDR ranges; DELIVERY_ALLOW_PRIVATE). Every other loopback, private, link-local,
   * CGNAT or metadata address is refused at save and again at connect.
   */
  deliveryAllowPrivate: string[];
  /** Run the webhook delivery worker in this process (DELIVERY_WORKER, on by default). */
  deliveryWorker: boolean;
  /** One webhook request's limit, connect to answer (DELIVERY_TIMEOUT seconds, 10 by default). */
  deliveryTimeoutMs: number;
  /** Days the webhook attempts log is kept (DELIVERY_KEEP_DAYS, 30 by default); each lead's latest state per destination stays. */
  deliveryKeepDays: number;
}

export class ConfigError extends Error {}

function int(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new ConfigError(`${name} must be a whole number from 0 to 65535, got "${value}"`);
  return n;
}

function natsUrl(value: string | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  if (!/^nats:\/\/[^\s/]+(,nats:\/\/[^\s/]+)*$/.test(v))
    throw new ConfigError(`EVENTS_URL must be a nats:// URL (or several, comma-separated), got "${v}"`);
  return v;
}

function positive(name: string, n: number): number {
  if (n < 1) throw new ConfigError(`${name} must be at least 1, got "${n}"`);
  return n;
}

/** A retention period: whole months from 1 to 600 (50 years), as a client's may be. */
function months(name: string, value: string | undefined, fallback: number): number {
  const n = int(name, value, fallback);
  if (n < 1 || n > 600) throw new ConfigError(`${name} must be a whole number of months from 1 to 600, got "${value}"`);
  return n;
}

function bool(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (['1', 'true', 'yes'].includes(value.toLowerCase())) return true;
  if (['0', 'false', 'no'].includes(value.toLowerCase())) return false;
  throw new ConfigError(`${name} must be 1 or 0, got "${value}"`);
}

function timeZone(value: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value;
  } catch {
    throw new ConfigError(`TZ must be an IANA time zone such as Asia/Ho_Chi_Minh, got "${value}"`);
  }
}

const isCidr = (v: string) => {
  const [address, bits, ...rest] = v.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (family === 4 ? 32 : 128);
};

function trustProxy(value: string | undefined): Config['trustProxy'] {
  const v = value?.trim() ?? '';
  if (v === '' || v === '0' || v.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(v) && Number(v) <= 10) return Number(v);
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.length && list.every(isCidr)) return list;
  throw new ConfigError(
    `TRUST_PROXY must be 0, a hop count from 1 to 10, or a comma list of proxy addresses or CIDR ranges, got "${v}" (trusting every proxy would let any caller choose its own address)`,
  );
}

/**
 * SCRYPT_COST is scrypt's N, a power of two. Below OWASP's 2^17 it is a test setting (a fast
 * hash, so that a suite that signs in hundreds of times answers in minutes): production refuses it.
 */
function passwordHash(value: string | undefined, production: boolean): ScryptParams {
  const v = value?.trim() ?? '';
  if (v === '') return { ...OWASP_SCRYPT };
  const n = Number(v);
  if (!/^\d+$/.test(v) || n < 2 ** 4 || n > 2 ** 18 || (n & (n - 1)) !== 0) {
    throw new ConfigError(`SCRYPT_COST must be a power of two from 16 to 262144 (scrypt's N), got "${v}"`);
  }
  if (production && n < OWASP_SCRYPT.N) {
    throw new ConfigError(
      `SCRYPT_COST=${v} is below OWASP's ${OWASP_SCRYPT.N} (N=2^17), a cost for tests only: production refuses it`,
    );
  }
  return { ...OWASP_SCRYPT, N: n };
}

function cidrList(name: string, value: string | undefined, fallback: string[]): string[] {
  const v = value?.trim();
  if (v === undefined || v === '') return fallback;
  if (v === '0' || v.toLowerCase() === 'none') return [];
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!list.every(isCidr))
    throw new ConfigError(`${name} must be a comma list of addresses or CIDR ranges (or 0 for none), got "${v}"`);
  return list;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = int('PORT', env.PORT, 8080);
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// URL');
  }
  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL');
  const nodeEnv = env.NODE_ENV ?? 'development';
  const appEnv = (env.APP_ENV ??
    (nodeEnv === 'production' ? 'production' : nodeEnv === 'test' ? 'test' : 'development')) as Config['env'];
  if (!['production', 'staging', 'development', 'test'].includes(appEnv)) {
    throw new ConfigError('APP_ENV must be production, staging, development or test');
  }
  // Demo accounts have a published password: in production only when asked for (DEMO=1).
  const demo = bool('DEMO', env.DEMO, appEnv !== 'production');
  const adminEmail = env.ADMIN_EMAIL?.trim() || null;
  const adminPassword = env.ADMIN_PASSWORD || null;
  if (!demo && (!adminEmail || !adminPassword)) {
    throw new ConfigError(
      appEnv === 'production' && env.DEMO === undefined
        ? 'In production the demo data is off unless DEMO=1: set ADMIN_EMAIL and ADMIN_PASSWORD for the first admin'
        : 'DEMO=0 needs ADMIN_EMAIL and ADMIN_PASSWORD for the first admin',
    );
  }
  return {
    port,
    host: env.HOST?.trim() || '0.0.0.0',
    databaseUrl,
    dataDir: resolve(env.DATA_DIR?.trim() || './data'),
    timeZone: timeZone(env.TZ?.trim() || 'Asia/Ho_Chi_Minh'),
    publicUrl: (env.PUBLIC_URL?.trim() || `http://localhost:${port}`).replace(/\/+$/, ''),
    smtpUrl,
    mailFrom: env.MAIL_FROM?.trim() || 'Lead <no-reply@lead.test>',
    demo,
    adminEmail,
    adminPassword,
    adminDist: env.ADMIN_DIST?.trim() ? resolve(env.ADMIN_DIST) : null,
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    scheduler: bool('SCHEDULER', env.SCHEDULER, true),
    eventsUrl: natsUrl(env.EVENTS_URL),
    retentionMonths: months('RETENTION_MONTHS', env.RETENTION_MONTHS, 24),
    schedulerInterval: positive('SCHEDULER_INTERVAL', int('SCHEDULER_INTERVAL', env.SCHEDULER_INTERVAL, 60)),
    env: appEnv,
    trustProxy: trustProxy(env.TRUST_PROXY),
    passwordHash: passwordHash(env.SCRYPT_COST, appEnv === 'production' || nodeEnv === 'production'),
    requestTimeoutMs: positive('REQUEST_TIMEOUT', int('REQUEST_TIMEOUT', env.REQUEST_TIMEOUT, 60)) * 1000,
    headersTimeoutMs: positive('HEADERS_TIMEOUT', int('HEADERS_TIMEOUT', env.HEADERS_TIMEOUT, 10)) * 1000,
    // Behind a proxy every connection is the proxy's: no cap here unless set.
    maxConnectionsPerAddress: int(
      'MAX_CONNECTIONS_PER_ADDRESS',
      env.MAX_CONNECTIONS_PER_ADDRESS,
      env.TRUST_PROXY?.trim() && env.TRUST_PROXY.trim() !== '0' ? 0 : 64,
    ),
    shedEventLoopDelayMs: int('SHED_EVENT_LOOP_DELAY', env.SHED_EVENT_LOOP_DELAY, 100),
    metricsAllow: cidrList('METRICS_ALLOW', env.METRICS_ALLOW, ['127.0.0.0/8', '::1']),
    metricsToken: env.METRICS_TOKEN?.trim() || null,
    deliveryAllowPrivate: cidrList('DELIVERY_ALLOW_PRIVATE', env.DELIVERY_ALLOW_PRIVATE, []),
    deliveryWorker: bool('DELIVERY_WORKER', env.DELIVERY_WORKER, true),
    deliveryTimeoutMs: positive('DELIVERY_TIMEOUT', int('DELIVERY_TIMEOUT', env.DELIVERY_TIMEOUT, 10)) * 1000,
    deliveryKeepDays: positive('DELIVERY_KEEP_DAYS', int('DELIVERY_KEEP_DAYS', env.DELIVERY_KEEP_DAYS, 30)),
    ...overrides,
  };
}

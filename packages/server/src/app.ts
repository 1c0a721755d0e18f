import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ADMIN_PREFIX, CLIENT_API_PREFIX, PUBLIC_PREFIX } from '@lead/contract/api';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/connect.js';
import answerCheck from './plugins/answer-check.js';
import authPlugin from './plugins/auth.js';
import databasePlugin from './plugins/database.js';
import emailFilesPlugin from './delivery/files.js';
import errorsPlugin, { frameworkErrors } from './plugins/errors.js';
import inputPlugin from './plugins/input.js';
import { ajvFormats } from './lib/input.js';
import mailerPlugin from './plugins/mailer.js';
import passwordLinksPlugin from './plugins/password-links.js';
import metricsPlugin from './plugins/metrics.js';
import overloadPlugin, { type OverloadOptions } from './plugins/overload.js';
import schedulerPlugin from './plugins/scheduler.js';
import securityHeaders from './plugins/security-headers.js';
import sponsorsPlugin from './plugins/sponsors.js';
import throttlePlugin from './plugins/throttle.js';
import campaignsRepository from './repositories/campaigns.js';
import clientsRepository from './repositories/clients.js';
import erasureRepository from './repositories/erasure.js';
import leadSearchRepository from './repositories/lead-search.js';
import verdictsRepository from './repositories/verdicts.js';
import destinationsRepository from './repositories/destinations.js';
import historyRepository from './repositories/history.js';
import leadsRepository from './repositories/leads.js';
import personalData from './repositories/personal.js';
import otpRepository from './repositories/otp.js';
import revisionsRepository from './repositories/revisions.js';
import sitesRepository from './repositories/sites.js';
import spamRepository from './repositories/spam.js';
import uploadsRepository from './repositories/uploads.js';
import usersRepository from './repositories/users.js';
import accountRoutes from './routes/account/index.js';
import authRoutes from './routes/auth/index.js';
import campaignRoutes from './routes/campaigns/index.js';
import configRoutes from './routes/config/index.js';
import consentRoutes from './routes/consent/index.js';
import clientRoutes from './routes/clients/index.js';
import apiKeyRoutes from './routes/clients/api-keys.js';
import clientApiRoutes from './routes/client-api/index.js';
import leadFileLinkRoutes from './routes/client-api/lead-file-link.js';
import erasureRoutes from './routes/erasure/index.js';
import leadRoutes from './routes/leads/index.js';
import destinationRoutes from './routes/destinations/index.js';
import deliveryPlugin from './delivery/index.js';
import { cidrBlockList } from './lib/addresses.js';
import historyRoutes from './routes/history/index.js';
import roleRoutes from './routes/roles/index.js';
import siteRoutes from './routes/sites/index.js';
import uploadRoutes from './routes/uploads/index.js';
import userRoutes from './routes/users/index.js';
import embedRoutes, { resolveEmbedDist } from './routes/embed/index.js';
import partnerPages from './routes/partner/index.js';
import publicRoutes from './routes/public/index.js';
import { outboxOtpProvider, type OtpProvider } from './runtime/otp.js';
import eventsPlugin from './runtime/events.js';
import servedPlugin from './runtime/served.js';

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export interface AppOptions {
  config: Config;
  database: Database;
  /** Close the database when the app closes (the process owns it). */
  closeDatabase?: boolean;
  logger?: boolean | object;
  /** The clock; tests inject one. */
  now?: () => Date;
  /** Injected in tests: what the sponsor plugin fetches with. */
  fetch?: typeof fetch;
  /** Where OTP codes go (an SMS gateway); the development outbox unless given. */
  otpProvider?: OtpProvider;
  /** The built embed (loader.js, choose.js, popup.js); packages/popup/dist/embed unless given. */
  embedDist?: string | null;
  /** The tests': every answer of a contract route must match its declared schema exactly (plugins/answer-check.ts). */
  checkAnswers?: boolean;
  /** Load-shedding thresholds (tests set them), over the config's; the connection cap comes from the config. */
  overload?: Omit<OverloadOptions, 'maxConnectionsPerAddress'>;
  /** The webhook worker's poll interval and jitter (tests make them deterministic). */
  delivery?: { pollMs?: number; random?: () => number };
}

/**
 * Builds the server: external plugins, then ours (errors, database, auth,
 * throttle, mail, sponsors), then one folder of routes per resource under
 * /api/admin, the uploaded files under /uploads/ and the admin under /admin/.
 */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    // A hop count trusts that many proxies in front of us (as proxy-addr counts them); a list, those addresses.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // No stall: a request's headers and body must arrive in time (408 and closed otherwise), an idle
    // keep-alive connection is closed after 5 s, any connection silent for twice the request timeout.
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: 5_000,
    connectionTimeout: config.requestTimeoutMs * 2,
    http: {
      headersTimeout: config.headersTimeoutMs,
      // How often Node looks for requests past their time (its default, 30 s, would let them overstay).
      connectionsCheckingInterval: Math.max(
        50,
        Math.min(5_000, Math.floor(Math.min(config.requestTimeoutMs, config.headersTimeoutMs) / 4)),
      ),
    },
    // A path segment longer than this is answered 414 (in the envelope, by frameworkErrors).
    routerOptions: { maxParamLength: 200 },
    ajv: {
      // strictNumbers: NaN and Infinity are not numbers; unknown fields are refused, never silently dropped.
      customOptions: { allErrors: true, coerceTypes: 'array', removeAdditional: false, strictNumbers: true },
      plugins: [ajvFormats],
    },
    frameworkErrors,
    // Every error is answered by the errors plugin, never with a stack.
    return503OnClosing: true,
  }).withTypeProvider<TypeBoxTypeProvider>();

  await app.register(errorsPlugin);
  if (opts.checkAnswers) await app.register(answerCheck);
  await app.register(inputPlugin);
  // The API takes JSON (and multipart for uploads); any other body type is a malformed request.
  app.removeContentTypeParser('text/plain');
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024 + 1, files: 1 } });
  await app.register(databasePlugin, { database: opts.database, closeDatabase: opts.closeDatabase ?? false });
  await app.register(authPlugin);
  // The repositories: every route reaches the database through them, and they hold who may see what.
  await app.register(usersRepository, { timeZone: config.timeZone });
  await app.register(clientsRepository, { timeZone: config.timeZone });
  await app.register(historyRepository, { timeZone: config.timeZone });
  await app.register(sitesRepository);
  await app.register(uploadsRepository);
  await app.register(campaignsRepository, { timeZone: config.timeZone, now: opts.now ?? (() => new Date()) });
  await app.register(destinationsRepository, { timeZone: config.timeZone, now: opts.now ?? (() => new Date()) });
  await app.register(deliveryPlugin, {
    now: opts.now ?? (() => new Date()),
    worker: config.deliveryWorker,
    allowPrivate: cidrBlockList(config.deliveryAllowPrivate),
    timeoutMs: config.deliveryTimeoutMs,
    ...opts.delivery,
  });
  await app.register(personalData);
  await app.register(leadsRepository, { timeZone: config.timeZone, now: opts.now ?? (() => new Date()) });
  await app.register(spamRepository, { timeZone: config.timeZone, now: opts.now ?? (() => new Date()) });
  await app.register(revisionsRepository, { timeZone: config.timeZone, now: opts.now ?? (() => new Date()) });
  await app.register(otpRepository);
  await app.register(erasureRepository, { now: opts.now ?? (() => new Date()) });
  await app.register(leadSearchRepository, { timeZone: config.timeZone });
  await app.register(verdictsRepository, { timeZone: config.timeZone, now: opts.now ?? (() => new Date()) });
  await app.register(throttlePlugin, {});
  // Campaigns on partner pages: what each site serves (kept in memory), and the events path.
  await app.register(servedPlugin, { now: opts.now ?? (() => new Date()) });
  await app.register(eventsPlugin, {
    timeZone: config.timeZone,
    now: opts.now ?? (() => new Date()),
    eventsUrl: config.eventsUrl,
  });
  await app.register(mailerPlugin, { smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir });
  await app.register(passwordLinksPlugin, { publicUrl: config.publicUrl });
  await app.register(sponsorsPlugin, opts.fetch ? { fetch: opts.fetch } : {});

  const timeZone = config.timeZone;
  const now = opts.now ?? (() => new Date());
  await app.register(schedulerPlugin, {
    enabled: config.scheduler,
    intervalMs: config.schedulerInterval * 1000,
    now,
    retentionMonths: config.retentionMonths,
    deliveryKeepDays: config.deliveryKeepDays,
  });
  // Scheduled lead files by e-mail (#30): in every process, sharing the work through row locks.
  await app.register(emailFilesPlugin, {
    enabled: config.scheduler,
    intervalMs: config.schedulerInterval * 1000,
    now,
    timeZone,
    adminUrl: `${config.publicUrl}/admin`,
    // In production a file of leads goes only by SMTP, never to DATA_DIR/outbox.
    mailConfigured: config.smtpUrl !== null || config.env !== 'production',
  });
  await app.register(metricsPlugin, { access: { allow: config.metricsAllow, token: config.metricsToken } });
  await app.register(overloadPlugin, {
    maxEventLoopDelay: config.shedEventLoopDelayMs,
    ...opts.overload,
    maxConnectionsPerAddress: config.maxConnectionsPerAddress,
  });
  const uploadsDir = join(config.dataDir, 'uploads');
  await mkdir(uploadsDir, { recursive: true });
  // Uploads being received (lib/multipart.ts), each removed when its request ends.
  const spoolDir = join(config.dataDir, 'spool');
  await mkdir(spoolDir, { recursive: true });
  app.decorate('spoolDir', spoolDir);

  await app.register(
    async (api) => {
      // Every API route is signed-in only unless its config says `access: 'public'`.
      api.addHook('onRequest', api.authenticate);
      await api.register(configRoutes, { timeZone, retentionMonths: config.retentionMonths });
      await api.register(authRoutes, { passwordHash: config.passwordHash });
      await api.register(accountRoutes, { passwordHash: config.passwordHash });
      await api.register(uploadRoutes, { uploadsDir });
      await api.register(siteRoutes, { now, timeZone, demo: config.demo });
      await api.register(clientRoutes);
      await api.register(apiKeyRoutes);
      await api.register(destinationRoutes, {
        timeZone,
        allowHttpLocalhost: config.env === 'development' || config.env === 'test',
        allowPrivate: cidrBlockList(config.deliveryAllowPrivate),
        timeoutMs: config.deliveryTimeoutMs,
      });
      await api.register(roleRoutes);
      await api.register(userRoutes);
      await api.register(historyRoutes);
      await api.register(erasureRoutes);
      await api.register(leadRoutes, { timeZone, adminUrl: `${config.publicUrl}/admin` });
      await api.register(campaignRoutes, {
        timeZone,
        now,
        demoBase: config.demo ? config.publicUrl : null,
        adminUrl: `${config.publicUrl}/admin`,
      });
      await api.register(consentRoutes);
    },
    { prefix: ADMIN_PREFIX },
  );

  // Campaigns on partner pages (docs/runtime.md): the public API, the embed, and in the demo the partner pages.
  await app.register(publicRoutes, {
    prefix: PUBLIC_PREFIX,
    demo: config.demo,
    now,
    timeZone,
    otpProvider: opts.otpProvider ?? outboxOtpProvider(config.dataDir, app.log),
  });
  // The client API (docs/api/verdicts.md): a client's systems, with the client's API key.
  await app.register(clientApiRoutes, { prefix: CLIENT_API_PREFIX });
  // Each scheduled lead file's verdict link: the client, without a key or an account.
  await app.register(leadFileLinkRoutes, { prefix: CLIENT_API_PREFIX, timeZone, now });
  await app.register(embedRoutes, { dist: opts.embedDist === undefined ? resolveEmbedDist() : opts.embedDist });
  if (config.demo) await app.register(partnerPages);

  await app.register(fastifyStatic, {
    root: uploadsDir,
    // Pop-ups on partner pages show these images: readable from any origin.
    setHeaders: (reply) => void reply.header('cross-origin-resource-policy', 'cross-origin'),
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
  });

  const adminDist = config.adminDist;
  if (adminDist && existsSync(join(adminDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: adminDist,
      prefix: '/admin/',
      decorateReply: false,
      wildcard: false,
      // The build writes .br and .gz beside each file; the one the browser accepts is sent as it is.
      preCompressed: true,
      // Hashed files never change under their name; index.html is checked on every visit.
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header(
          'cache-control',
          /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
      // Source maps are for development: not served in production.
      ...(config.env === 'production' ? { allowedPath: (pathname: string) => !pathname.endsWith('.map') } : {}),
    });
    app.get('/admin', (_req, reply) => reply.redirect('/admin/'));
  }
  app.get('/', (_req, reply) => reply.redirect('/admin/'));

  return app;
}

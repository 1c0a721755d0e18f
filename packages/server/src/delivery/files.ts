/**
 * Scheduled files by e-mail (#30). Every tick, in every process (row locks with SKIP LOCKED share
 * the work; PGlite's one process works alone):
 *
 * 1. plan: each enabled, active e-mail destination whose file is due gets the leads of its
 *    campaigns that came since its last file written as one `email_files` row, in the same
 *    transaction that moves its cursor and its next due time (hourly, or daily at its hour, in the
 *    client's site time zone). No new leads: no file, only the next due time.
 * 2. send: due files are claimed with a lease, written (CSV or XLSX) and mailed over SMTP (or to
 *    DATA_DIR/outbox without SMTP_URL); a file that cannot be sent is tried again with backoff for
 *    three days, then failed. A lead is in one file per destination: sent at least once, and only
 *    once in normal running (a process that dies mid-send sends it again when its lease ends).
 *
 * Each send is logged in `delivery_attempts` (lead_id null); no System history entry per file.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Temporal } from 'temporal-polyfill';
import { escapeHtml } from '../lib/html.js';
import { signVerdictLink } from '../lib/verdict-links.js';
import {
  claimFiles,
  fileNotSent,
  fileSent,
  lockDueDestinations,
  newLeadIds,
  planFile,
  type ClaimedFile,
} from '../repositories/email-files.js';
import { runtimeSecret } from '../repositories/runtime-secrets.js';
import { writeLeadFile } from './lead-file.js';
import { FILE_GIVE_UP_MS, fileRetryDelay, nextFileAt, siteTimeZone } from './file-schedule.js';

/** A lead younger than this is left for the next file: its transaction may not have committed. */
export const SETTLE_MS = 10_000;
/** How long a process has to send a file it claimed before another may. */
export const FILE_LEASE_MS = 15 * 60_000;
/** Destinations planned, and files sent, per transaction. */
const BATCH = 20;
/** At most this many leads in one file; the rest go in the next. */
const MAX_FILE_LEADS = 100_000;

export interface EmailFilesRun {
  /** Files written for sending. */
  planned: number;
  sent: number;
  /** Files that could not be sent this time (tried again later, or failed). */
  notSent: number;
}

export interface EmailFiles {
  /** Plans the due files and sends the due ones, as a tick does (tests call it on their clock). */
  runDue(): Promise<EmailFilesRun>;
}

declare module 'fastify' {
  interface FastifyInstance {
    emailFiles: EmailFiles;
  }
}

const stampOf = (at: Date, timeZone: string) => {
  const t = Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${t.year}-${two(t.month)}-${two(t.day)}-${two(t.hour)}${two(t.minute)}`;
};

export default fp(async function emailFiles(
  app: FastifyInstance,
  opts: {
    enabled: boolean;
    intervalMs: number;
    now: () => Date;
    timeZone: string;
    adminUrl: string;
    /** False in production without SMTP_URL: files hold leads and would be written to DATA_DIR/outbox, so none is made. */
    mailConfigured?: boolean;
    random?: () => number;
  },
) {
  const random = opts.random ?? Math.random;

  /**
   * The file's verdict link (docs/api/verdicts.md): signed with the server's secret, good for the
   * client's window from the file's making (its newest lead's window closes before that).
   */
  async function verdictLink(file: ClaimedFile): Promise<{ url: string; until: string }> {
    const expiresAt = new Date(file.created_at.getTime() + file.window_days * 86_400_000);
    const token = signVerdictLink(await runtimeSecret(app.db, 'server'), {
      fileId: file.id,
      clientId: file.client_id,
      expiresAt,
    });
    const zone = siteTimeZone(file.site ?? undefined, opts.timeZone);
    return { url: `${opts.adminUrl}/#/verdicts/${token}`, until: stampOf(expiresAt, zone).slice(0, 10) };
  }

  async function plan(): Promise<number> {
    let planned = 0;
    for (;;) {
      const now = opts.now();
      const count = await app.db.transaction().execute(async (trx) => {
        const due = await lockDueDestinations(trx, now, BATCH);
        for (const d of due) {
          const zone = siteTimeZone(d.site ?? undefined, opts.timeZone);
          const next = nextFileAt(now, d.schedule ?? 'daily', d.hour, zone);
          // Not planned yet (new, or just switched on): its first file is at its next due time.
          const leadIds =
            d.next_file_at === null
              ? []
              : await newLeadIds(trx, d, new Date(now.getTime() - SETTLE_MS), MAX_FILE_LEADS);
          await planFile(trx, d, leadIds, next, now);
          if (leadIds.length) planned++;
        }
        return due.length;
      });
      if (count < BATCH) return planned;
    }
  }

  async function send(file: ClaimedFile): Promise<boolean> {
    const zone = siteTimeZone(file.site ?? undefined, opts.timeZone);
    const started = performance.now();
    const now = () => opts.now();
    try {
      const recipients = file.recipients ?? [];
      if (!recipients.length) throw new Error('The destination has no recipients.');
      const lead = await writeLeadFile(
        app.db,
        file.lead_ids,
        file.format ?? 'csv',
        stampOf(file.created_at, zone),
        opts.timeZone,
        opts.adminUrl,
      );
      const what = `${lead.rows} new lead${lead.rows === 1 ? '' : 's'}`;
      // Every lead of the file was erased since it was planned: nothing to send.
      if (lead.rows === 0) {
        await app.db
          .transaction()
          .execute((trx) => fileSent(trx, file, now(), Math.round(performance.now() - started)));
        return true;
      }
      const link = await verdictLink(file);
      const ask = `Accept each lead, or reject it with a reason, until ${link.until}:`;
      await app.mailer.send({
        to: recipients.join(', '),
        subject: `Leads for ${file.client_name}: ${what}`,
        text: `${what} for ${file.client_name} since the last file are attached (${lead.filename}).\n\n${ask}\n${link.url}\n`,
        html: `<p>${what} for ${escapeHtml(file.client_name)} since the last file are attached (${lead.filename}).</p><p>${ask} <a href="${escapeHtml(link.url)}">give your verdicts on these leads</a>.</p>`,
        attachments: [{ filename: lead.filename, content: lead.content, contentType: lead.contentType }],
      });
      await app.db.transaction().execute((trx) => fileSent(trx, file, now(), Math.round(performance.now() - started)));
      return true;
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const at = now();
      const retry = new Date(at.getTime() + fileRetryDelay(file.attempts, random));
      const retryAt = retry.getTime() - file.created_at.getTime() > FILE_GIVE_UP_MS ? null : retry;
      // The error names the mail server's answer, never a lead.
      app.log.warn(
        { destination: file.destination_id, file: file.id, err: message, retryAt },
        'scheduled lead file not sent',
      );
      await app.db
        .transaction()
        .execute((trx) => fileNotSent(trx, file, at, Math.round(performance.now() - started), message, retryAt));
      return false;
    }
  }

  const emailFiles: EmailFiles = {
    async runDue() {
      if (opts.mailConfigured === false) return { planned: 0, sent: 0, notSent: 0 };
      const planned = await plan();
      let sent = 0;
      let notSent = 0;
      for (;;) {
        const now = opts.now();
        const files = await claimFiles(app.db, now, new Date(now.getTime() + FILE_LEASE_MS), BATCH);
        for (const file of files) {
          if (await send(file)) sent++;
          else notSent++;
        }
        if (files.length < BATCH) return { planned, sent, notSent };
      }
    },
  };
  app.decorate('emailFiles', emailFiles);
  if (!opts.enabled) return;
  if (opts.mailConfigured === false) {
    app.log.warn(
      'scheduled lead files are not sent: set SMTP_URL (in production no file of leads goes to DATA_DIR/outbox)',
    );
    return;
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  let closing = false;
  // A tick still running when the next is due lets it pass.
  const tick = () => {
    if (running || closing) return;
    running = emailFiles
      .runDue()
      .catch((error: unknown) => app.log.error({ err: error }, 'scheduled lead files failed'))
      .finally(() => (running = null));
  };
  app.addHook('onReady', async () => {
    tick();
    timer = setInterval(tick, opts.intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(timer);
    await running;
  });
});

import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with it (scheduled lead files, #30). */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

export interface Mailer {
  /** Sends now; rejects when the transport fails. */
  send(mail: Mail): Promise<void>;
  /**
   * Sends in the background, after the caller's transaction has committed and
   * its answer has gone: a slow or failing mail server never holds a request
   * or a database connection. Tried three times; a mail that still fails is
   * logged (without its link).
   */
  enqueue(mail: Mail): void;
  /** Resolves when every queued mail has been sent or given up on. */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/**
 * Sends over SMTP when SMTP_URL is set; otherwise writes each mail as an .eml
 * file under DATA_DIR/outbox and logs the file's name (never the link: a log
 * is not a place for live tokens), so that a developer can follow a reset
 * without a mail server.
 */
const TRIES = 3;

export default fp(async function mailer(
  app: FastifyInstance,
  opts: { smtpUrl: string | null; from: string; dataDir: string; retryDelayMs?: number },
) {
  const outbox = join(opts.dataDir, 'outbox');
  const transport: Transporter = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  const pending = new Set<Promise<void>>();
  const retryDelayMs = opts.retryDelayMs ?? 2000;

  async function deliver(mail: Mail) {
    for (let attempt = 1; ; attempt++) {
      try {
        await send(mail);
        return;
      } catch (error) {
        if (attempt >= TRIES) {
          app.log.error({ err: error, to: mail.to, subject: mail.subject }, `mail not sent after ${TRIES} tries`);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs * attempt));
      }
    }
  }

  async function send(mail: Mail) {
    const info = await transport.sendMail({
      from: opts.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      ...(mail.attachments ? { attachments: mail.attachments } : {}),
    });
    if (opts.smtpUrl) {
      app.log.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, 'mail sent');
      return;
    }
    await mkdir(outbox, { recursive: true });
    const file = join(outbox, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
    await writeFile(file, (info as unknown as { message: Buffer }).message);
    app.log.info({ to: mail.to, subject: mail.subject, file }, `mail written to the outbox: ${file}`);
  }

  const mailer: Mailer = {
    send,
    enqueue(mail) {
      const job = new Promise<void>((resolve) => setImmediate(resolve)).then(() => deliver(mail));
      pending.add(job);
      void job.finally(() => pending.delete(job));
    },
    async idle() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
  app.decorate('mailer', mailer);

  app.addHook('onClose', async () => {
    await mailer.idle();
    transport.close();
  });
});

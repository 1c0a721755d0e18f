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
  /** The link the mail carries, printed in the log when mail goes to the outbox. */
  link?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/**
 * Sends over SMTP when SMTP_URL is set; otherwise writes each mail as an .eml
 * file under DATA_DIR/outbox and prints its link, so that a developer can
 * follow a reset without a mail server.
 */
export default fp(async function mailer(app: FastifyInstance, opts: { smtpUrl: string | null; from: string; dataDir: string }) {
  const outbox = join(opts.dataDir, 'outbox');
  const transport: Transporter = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  app.decorate('mailer', {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      if (opts.smtpUrl) {
        app.log.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, 'mail sent');
        return;
      }
      await mkdir(outbox, { recursive: true });
      const file = join(outbox, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, (info as unknown as { message: Buffer }).message);
      app.log.info({ to: mail.to, subject: mail.subject, file, link: mail.link }, `mail written to the outbox${mail.link ? `: ${mail.link}` : ''}`);
    },
  } satisfies Mailer);

  app.addHook('onClose', async () => transport.close());
});

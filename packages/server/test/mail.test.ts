import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, startTestApp, type TestApp } from './helpers.js';

describe('mail over SMTP', () => {
  const received: Array<{ to: string[]; data: string }> = [];
  let smtp: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await startTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Lead <lead@lead.test>' } });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the reset mail to the SMTP server instead of the outbox', async () => {
    const res = await t.call('POST', '/api/admin/password/email', { body: { email: 'leader@lead.test' } });
    expect(res.status).toBe(200);
    await t.app.mailer.idle();
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['leader@lead.test']);
    expect(received[0]!.data).toContain('From: Lead <lead@lead.test>');
    expect(linkIn(received[0]!.data).email).toBe('leader@lead.test');
    expect(await t.outbox()).toEqual([]);
  });
});

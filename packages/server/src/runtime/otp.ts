/**
 * One-time codes for the OTP blocks (Phone, WhatsApp, Zalo): 6 digits, valid 5 minutes, 5 tries.
 * They reach the visitor through an `OtpProvider`; the development one writes each message to
 * DATA_DIR/outbox and the log, as the mailer does. An SMS gateway plugs in as another provider.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export const OTP_TTL_MS = 5 * 60 * 1000;

export type OtpChannel = 'sms' | 'whatsapp' | 'zalo';

export interface OtpProvider {
  /** Delivers `code` to `phone`; throws when it cannot. */
  send(message: { phone: string; code: string; channel: OtpChannel; lang: string }): Promise<void>;
}

export const OTP_CHANNEL: Record<string, OtpChannel> = { PhoneOTP: 'sms', WhatsAppOTP: 'whatsapp', ZaloOTP: 'zalo' };

export const newOtp = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

export const hashOtp = (code: string, salt: string): string =>
  `${salt}:${createHash('sha256').update(`${salt}:${code}`).digest('hex')}`;

export const otpSalt = (): string => randomBytes(8).toString('hex');

export function otpMatches(code: string, stored: string): boolean {
  const [salt = ''] = stored.split(':');
  const a = Buffer.from(hashOtp(code, salt));
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function outboxOtpProvider(dataDir: string, log: FastifyBaseLogger): OtpProvider {
  const outbox = join(dataDir, 'outbox');
  return {
    async send({ phone, code, channel }) {
      await mkdir(outbox, { recursive: true });
      const file = join(outbox, `${Date.now()}-${randomBytes(4).toString('hex')}.${channel}.txt`);
      await writeFile(
        file,
        `To: ${phone}\nChannel: ${channel}\n\nYour verification code is ${code}. It is valid for 5 minutes.\n`,
      );
      // The code itself is in the file, not in the log.
      log.info({ channel, file }, `verification code written to the outbox: ${file}`);
    },
  };
}

/**
 * OTP codes (docs/runtime-people.md, OTP blocks): sent within a daily cap per number and a daily budget
 * per site, each counted atomically in the database (all processes share them); tried at most
 * OTP_MAX_TRIES times, each try counted by one conditional UPDATE before the code is compared.
 * The number is kept as its keyed hash (lib/personal.ts): a code or a day's count never stores it.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { html } from '../lib/html.js';
import { recordHistory } from './history.js';

/** The most codes one number (E.164) gets a day, whatever the campaign, site or format typed. */
export const OTP_CODES_PER_NUMBER_PER_DAY = 6;
export const OTP_MAX_TRIES = 5;

export type IssueResult = 'sent' | 'number-cap' | 'site-budget';

export interface OtpRepository {
  /** Counts a code against the number's and the site's day, and stores its hash; nothing is stored when a cap is reached. */
  issue(code: {
    siteId: number;
    campaignId: number;
    phone: string;
    codeHash: string;
    expiresAt: Date;
    day: string;
  }): Promise<IssueResult>;
  /** Counts one try at the newest live code of the number, if it has tries left: its id and hash, else null. */
  tryCode(campaignId: number, phone: string, now: Date): Promise<{ id: number; code_hash: string } | null>;
  /** Whether the number (E.164) already sent this campaign's form ('one submission per phone number'). */
  submitted(campaignId: number, phone: string): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    otp: OtpRepository;
  }
}

class CapReached extends Error {
  constructor(readonly result: IssueResult) {
    super(result);
  }
}

export default fp(
  async function otpRepository(app: FastifyInstance) {
    const repo: OtpRepository = {
      async issue({ siteId, campaignId, phone: number, codeHash, expiresAt, day }) {
        const phone = app.personal.lookup.phone(number);
        try {
          return await app.db.transaction().execute(async (trx) => {
            const number = await sql<{ sent: number }>`
            INSERT INTO otp_phone_days AS d (phone, day, sent) VALUES (${phone}, ${day}, 1)
            ON CONFLICT (phone, day) DO UPDATE SET sent = d.sent + 1 WHERE d.sent < ${OTP_CODES_PER_NUMBER_PER_DAY}
            RETURNING sent`.execute(trx);
            if (!number.rows.length) throw new CapReached('number-cap');
            const site = await sql<{ sent: number; budget: number }>`
            INSERT INTO otp_site_days AS d (site_id, day, sent)
            SELECT s.id, ${day}, 1 FROM sites s WHERE s.id = ${siteId} AND s.otp_daily_budget > 0
            ON CONFLICT (site_id, day) DO UPDATE SET sent = d.sent + 1
              WHERE d.sent < (SELECT otp_daily_budget FROM sites WHERE id = ${siteId})
            RETURNING sent, (SELECT otp_daily_budget FROM sites WHERE id = ${siteId}) AS budget`.execute(trx);
            const row = site.rows[0];
            if (!row) throw new CapReached('site-budget');
            if (row.sent === row.budget) {
              // The admin's notice: the site's history says so, once, when the last code of the day goes.
              await recordHistory(trx, {
                userId: null,
                siteId,
                icon: 'status',
                text: html`The site's OTP budget of ${row.budget} codes for ${day} is used up: its pop-ups send no more codes until tomorrow.`,
              });
            }
            await trx
              .insertInto('otp_codes')
              .values({ campaign_id: campaignId, phone, code_hash: codeHash, expires_at: expiresAt })
              .execute();
            return 'sent' as const;
          });
        } catch (error) {
          if (error instanceof CapReached) return error.result;
          throw error;
        }
      },
      async tryCode(campaignId, number, now) {
        const phone = app.personal.lookup.phone(number);
        // One statement: of N parallel guesses, only OTP_MAX_TRIES get a row to compare with.
        const { rows } = await sql<{ id: string | number; code_hash: string }>`
        UPDATE otp_codes SET tries = tries + 1
        WHERE id = (
          SELECT id FROM otp_codes
          WHERE campaign_id = ${campaignId} AND phone = ${phone} AND used_at IS NULL AND expires_at > ${now}
          ORDER BY created_at DESC, id DESC LIMIT 1
        ) AND tries < ${OTP_MAX_TRIES}
        RETURNING id, code_hash`.execute(app.db);
        const row = rows[0];
        return row ? { id: Number(row.id), code_hash: row.code_hash } : null;
      },
      async submitted(campaignId, number) {
        const phone = app.personal.lookup.phone(number);
        const row = await app.db
          .selectFrom('campaign_submitted_phones')
          .select('phone')
          .where('campaign_id', '=', campaignId)
          .where('phone', '=', phone)
          .executeTakeFirst();
        return Boolean(row);
      },
    };
    app.decorate('otp', repo);
  },
  { name: 'otp-repository', dependencies: ['personal-data'] },
);

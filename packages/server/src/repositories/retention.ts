import { setImmediate } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { DB, Executor } from '../db/types.js';
import { html } from '../lib/html.js';
import { recordHistory } from './history.js';
import { forgetErasedKeys } from './personal.js';

/** How many leads one statement erases: short statements, so no lock is held for long. */
export const RETENTION_BATCH = 500;
/** The most batches one sweep runs; the rest wait for the next sweep. */
export const RETENTION_MAX_BATCHES = 40;

/**
 * What an erased lead keeps: its id, campaign, time, variant (its campaign) and figures (counted
 * apart, in campaign_daily_stats and the campaign's totals). Everything a person typed or that
 * points at them goes: name, e-mail, phone (as typed and in E.164), answers and the page URL, and
 * the consent record (it holds the page URL and the ticks); its hash and revision stay (they name
 * no one), so the figures' billable and duplicate counts and the revision's history hold.
 */
/**
 * What receivers answered about erased leads (a webhook's failed answer may echo the lead back):
 * the deliveries' last answers and the attempts' errors of `leadIds`.
 */
export async function forgetAnswers(db: Executor, leadIds: readonly number[]): Promise<void> {
  if (!leadIds.length) return;
  await db
    .updateTable('deliveries')
    .set({ last_error: null })
    .where('lead_id', 'in', leadIds)
    .where('last_error', 'is not', null)
    .execute();
  await db
    .updateTable('delivery_attempts')
    .set({ error: null })
    .where('lead_id', 'in', leadIds)
    .where('error', 'is not', null)
    .execute();
}

// The ad platforms' click ids (one per ad click) go with the rest; the campaign tags and the referring host stay (docs/privacy.md).
export const ERASED_LEAD = sql`name = NULL, email = NULL, phone = NULL, phone_e164 = NULL, data = '{}'::jsonb, page_url = NULL, consent = NULL,
  sealed = NULL, email_hash = NULL, phone_hash = NULL, digits_hash = NULL, gclid = NULL, fbclid = NULL, ttclid = NULL`;

/**
 * The leads of one sweep batch: each campaign's leads not erased and older than its client's
 * period, read from leads_campaign_live_idx (campaign_id, created_at) one campaign at a time, so a
 * sweep reads the leads it erases and one index probe per campaign, however many leads are kept
 * (a join on the time alone read every lead at a million: test/costs-indexes.test.ts).
 */
export const sweepBatch = (now: Date, defaultMonths: number) => sql<{
  id: number;
  campaign_id: number;
  phone_hash: string | null;
}>`
  SELECT l.id, l.campaign_id, l.phone_hash
  FROM campaigns c
  JOIN clients cl ON cl.id = c.client_id
  CROSS JOIN LATERAL (
    SELECT id, campaign_id, phone_hash FROM leads
    WHERE campaign_id = c.id AND erased_at IS NULL
      AND created_at < ${now}::timestamptz - make_interval(months => coalesce(cl.retention_months, ${defaultMonths}::int))
    LIMIT ${RETENTION_BATCH}
    FOR UPDATE SKIP LOCKED) l
  LIMIT ${RETENTION_BATCH}`;

/**
 * One sweep batch: the batch's leads erased, with their keys, their numbers' 'one submission'
 * entries and their receivers' answers. Each table is reached by its index on the lead's id
 * (`= ANY(ARRAY(…))`: a join with the batch could plan a read of the whole table).
 */
export const sweepStatement = (now: Date, defaultMonths: number) => sql<{ n: number }>`
  WITH batch AS (${sweepBatch(now, defaultMonths)}), phones AS (
    DELETE FROM campaign_submitted_phones sp USING batch b
    WHERE sp.campaign_id = b.campaign_id AND sp.phone = b.phone_hash
      AND NOT EXISTS (
        SELECT 1 FROM leads k
        WHERE k.campaign_id = b.campaign_id AND k.phone_hash = b.phone_hash AND k.erased_at IS NULL
          AND k.id NOT IN (SELECT id FROM batch))
  ), keys AS (
    DELETE FROM lead_keys k WHERE k.lead_id = ANY(ARRAY(SELECT id FROM batch))
  ), erased AS (
    UPDATE leads l SET ${ERASED_LEAD}, erased_at = ${now} WHERE l.id = ANY(ARRAY(SELECT id FROM batch)) RETURNING l.id
  ), answers AS (
    -- What receivers answered about these leads (they may echo the lead back) goes too.
    UPDATE deliveries d SET last_error = NULL WHERE d.lead_id = ANY(ARRAY(SELECT id FROM batch)) AND d.last_error IS NOT NULL
  ), attempts AS (
    UPDATE delivery_attempts a SET error = NULL WHERE a.lead_id = ANY(ARRAY(SELECT id FROM batch)) AND a.error IS NOT NULL
  )
  SELECT count(*)::int AS n FROM erased`;

export interface RetentionResult {
  /** Leads whose personal data this sweep erased. */
  erased: number;
  /** Expired OTP codes and old per-number counters dropped (they hold phone numbers). */
  otpDropped: number;
}

/**
 * One retention sweep as of `now`: the personal data of every lead older than its client's
 * retention period (`clients.retention_months`, else `defaultMonths`) is erased, a batch per
 * statement; a number stays in 'one submission per phone number' only while a kept lead of that
 * campaign has it. OTP codes a day past their expiry and per-number counters older than two days
 * go too (no rule reads them any more). Idempotent: erased leads are never read again.
 */
export async function sweepRetention(db: Kysely<DB>, now: Date, defaultMonths: number): Promise<RetentionResult> {
  let erased = 0;
  for (let i = 0; i < RETENTION_MAX_BATCHES; i++) {
    // Other requests are served between batches: on PGlite (one connection, in this process) a
    // sweep of many batches would otherwise hold the event loop and the database to its end.
    if (i > 0) await setImmediate();
    const { rows } = await sweepStatement(now, defaultMonths).execute(db);
    const n = Number(rows[0]?.n ?? 0);
    erased += n;
    if (n < RETENTION_BATCH) break;
  }
  const codes = await sql`DELETE FROM otp_codes WHERE expires_at < ${now}::timestamptz - interval '1 day'`.execute(db);
  const days =
    await sql`DELETE FROM otp_phone_days WHERE day < (${now}::timestamptz - interval '2 days')::date`.execute(db);
  if (erased > 0) {
    await recordHistory(db, {
      userId: null,
      icon: 'erase',
      text: html`Erased the personal data of <b>${erased}</b> ${erased === 1 ? 'lead' : 'leads'} past their retention period.`,
    });
    // Their keys' bytes leave the files (repositories/personal.ts).
    await forgetErasedKeys(db);
  }
  return { erased, otpDropped: Number(codes.numAffectedRows ?? 0n) + Number(days.numAffectedRows ?? 0n) };
}

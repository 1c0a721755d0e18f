/**
 * The SQL of scheduled e-mail files (#30, migration 0013): planning a destination's next file
 * (its cursor moves in the same transaction that writes the file, under a row lock that other
 * processes skip), claiming due files for sending with a lease, and recording the outcome.
 */
import { sql } from 'kysely';
import type { Executor } from '../db/types.js';

/** An e-mail destination due for a file, as the planner reads it (row locked). */
export interface DueEmailDestination {
  id: number;
  client_id: number;
  campaign_ids: number[] | null;
  schedule: 'hourly' | 'daily' | null;
  hour: number | null;
  file_after_lead_id: number | null;
  next_file_at: Date | null;
  created_at: Date;
  /** The client's first site (lowest id): whose time zone the schedule follows. */
  site: { time_zone: string | null; country_id: string } | null;
}

/** A file claimed for sending. */
export interface ClaimedFile {
  id: number;
  destination_id: number;
  lead_ids: number[];
  attempts: number;
  created_at: Date;
  format: 'csv' | 'xlsx' | null;
  recipients: string[] | null;
  client_id: number;
  client_name: string;
  /** The client's verdict window (days): how long the mail's verdict link works. */
  window_days: number;
  site: { time_zone: string | null; country_id: string } | null;
}

/** A Postgres array literal of ids, which both drivers pass as text (`::bigint[]`). */
export const idArray = (ids: readonly number[]): string => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

const CLIENT_SITE = sql`(SELECT json_build_object('time_zone', s.time_zone, 'country_id', s.country_id)
  FROM client_sites cs JOIN sites s ON s.id = cs.site_id WHERE cs.client_id = d.client_id ORDER BY s.id LIMIT 1)`;

/** Enabled, active e-mail destinations whose file is due (or not yet planned), locked; those another process holds are skipped. */
export async function lockDueDestinations(db: Executor, now: Date, limit: number): Promise<DueEmailDestination[]> {
  const { rows } = await sql<DueEmailDestination>`
    SELECT d.id, d.client_id, d.campaign_ids, d.schedule, d.hour, d.file_after_lead_id, d.next_file_at, d.created_at,
      ${CLIENT_SITE} AS site
    FROM destinations d
    WHERE d.kind = 'email' AND d.enabled AND d.state = 'active' AND (d.next_file_at IS NULL OR d.next_file_at <= ${now})
    ORDER BY d.id
    LIMIT ${limit}
    FOR UPDATE OF d SKIP LOCKED`.execute(db);
  return rows.map((r) => ({
    ...r,
    file_after_lead_id: r.file_after_lead_id === null ? null : Number(r.file_after_lead_id),
  }));
}

/**
 * The leads a destination's next file holds, oldest first: leads of its campaigns (every campaign
 * of the client, or the chosen ones with their A/B variants) after its cursor, or, before its first
 * file, those that came after it was made; never an erased lead, and a duplicate only when the
 * client asks for duplicates too. Only leads at least `settledBefore` old: a lead's
 * transaction that has not committed yet cannot be passed over by a cursor that moved beyond it.
 */
export async function newLeadIds(
  db: Executor,
  d: DueEmailDestination,
  settledBefore: Date,
  limit: number,
): Promise<number[]> {
  const chosen = d.campaign_ids === null ? null : idArray(d.campaign_ids);
  const { rows } = await sql<{ id: number }>`
    SELECT l.id FROM leads l JOIN campaigns c ON c.id = l.campaign_id JOIN clients cl ON cl.id = c.client_id
    WHERE c.client_id = ${d.client_id}
      -- Never an erased lead; a duplicate only to a client that asks for duplicates too (issue #31).
      AND l.erased_at IS NULL AND (NOT l.duplicate OR cl.deliver_duplicates)
      AND c.site_id IN (SELECT cs.site_id FROM client_sites cs WHERE cs.client_id = c.client_id)
      -- Not a lead a campaign moved from another client had then: it came for that client (issue #44).
      AND (c.client_since_lead_id IS NULL OR l.id > c.client_since_lead_id)
      AND (${chosen}::int[] IS NULL OR c.id = ANY(${chosen}::int[]) OR c.parent_id = ANY(${chosen}::int[]))
      AND ${d.file_after_lead_id === null ? sql`l.created_at >= ${d.created_at}` : sql`l.id > ${d.file_after_lead_id}`}
      AND l.created_at <= ${settledBefore}
    ORDER BY l.id
    LIMIT ${limit}`.execute(db);
  return rows.map((r) => Number(r.id));
}

/** Writes the file to send (when there are leads) and moves the destination's cursor and due time. */
export async function planFile(
  db: Executor,
  d: DueEmailDestination,
  leadIds: readonly number[],
  nextFileAt: Date,
  now: Date,
): Promise<void> {
  if (leadIds.length) {
    await sql`INSERT INTO email_files (destination_id, lead_ids, next_attempt_at, created_at)
      VALUES (${d.id}, ${idArray(leadIds)}::bigint[], ${now}, ${now})`.execute(db);
  }
  const cursor = leadIds.length ? leadIds.at(-1)! : d.file_after_lead_id;
  await sql`UPDATE destinations SET file_after_lead_id = ${cursor}, next_file_at = ${nextFileAt} WHERE id = ${d.id}`.execute(
    db,
  );
}

/**
 * Claims due pending files: each gets a lease (its next try moves to `leaseUntil`) and a try is
 * counted, so that no other process sends it meanwhile; a process that dies mid-send leaves it to
 * be sent again when the lease ends (at least once).
 */
export async function claimFiles(db: Executor, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedFile[]> {
  const { rows } = await sql<ClaimedFile>`
    WITH due AS (
      SELECT id FROM email_files WHERE state = 'pending' AND next_attempt_at <= ${now}
      ORDER BY next_attempt_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED
    ), claimed AS (
      UPDATE email_files f SET next_attempt_at = ${leaseUntil}, attempts = f.attempts + 1
      FROM due WHERE f.id = due.id
      RETURNING f.id, f.destination_id, f.lead_ids, f.attempts, f.created_at
    )
    SELECT claimed.*, d.format, d.recipients, d.client_id, c.name AS client_name,
      c.verdict_window_days AS window_days, ${CLIENT_SITE} AS site
    FROM claimed JOIN destinations d ON d.id = claimed.destination_id JOIN clients c ON c.id = d.client_id
    ORDER BY claimed.id`.execute(db);
  return rows.map((r) => ({ ...r, id: Number(r.id), lead_ids: r.lead_ids.map(Number) }));
}

/** A file sent: the attempt logged, the destination's last success, and each of its leads delivered to it. */
export async function fileSent(db: Executor, file: ClaimedFile, now: Date, durationMs: number): Promise<void> {
  await sql`UPDATE email_files SET state = 'sent', sent_at = ${now}, last_error = NULL WHERE id = ${file.id}`.execute(
    db,
  );
  await sql`INSERT INTO delivery_attempts (destination_id, lead_id, at, status, error, duration_ms, next_attempt_at)
    VALUES (${file.destination_id}, NULL, ${now}, NULL, NULL, ${durationMs}, NULL)`.execute(db);
  await sql`UPDATE destinations SET last_success_at = ${now} WHERE id = ${file.destination_id}`.execute(db);
  await sql`
    INSERT INTO deliveries AS x (lead_id, destination_id, state, attempts, created_at, updated_at)
    SELECT l.id, ${file.destination_id}, 'delivered', 1, ${now}, ${now} FROM leads l WHERE l.id = ANY(${idArray(file.lead_ids)}::bigint[])
    ON CONFLICT (lead_id, destination_id) DO UPDATE
      SET state = 'delivered', attempts = x.attempts + 1, next_attempt_at = NULL, last_error = NULL, updated_at = ${now}`.execute(
    db,
  );
}

/** A file not sent: the attempt logged with its error; tried again at `retryAt`, or failed (null). */
export async function fileNotSent(
  db: Executor,
  file: ClaimedFile,
  now: Date,
  durationMs: number,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await sql`UPDATE email_files SET state = ${retryAt ? 'pending' : 'failed'}, next_attempt_at = ${retryAt ?? now}, last_error = ${error}
    WHERE id = ${file.id}`.execute(db);
  await sql`INSERT INTO delivery_attempts (destination_id, lead_id, at, status, error, duration_ms, next_attempt_at)
    VALUES (${file.destination_id}, NULL, ${now}, NULL, ${error}, ${durationMs}, ${retryAt})`.execute(db);
  await sql`UPDATE destinations SET last_failure_at = ${now} WHERE id = ${file.destination_id}`.execute(db);
  if (!retryAt) {
    await sql`
      INSERT INTO deliveries AS x (lead_id, destination_id, state, attempts, last_error, created_at, updated_at)
      SELECT l.id, ${file.destination_id}, 'failed', ${file.attempts}, ${error}, ${now}, ${now} FROM leads l WHERE l.id = ANY(${idArray(file.lead_ids)}::bigint[])
      ON CONFLICT (lead_id, destination_id) DO NOTHING`.execute(db);
  }
}

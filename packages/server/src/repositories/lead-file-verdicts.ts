/**
 * What a lead file's verdict link reaches (docs/api/verdicts.md): the file, its client, and the
 * leads of it that the client may still give a verdict on, with the person's fields the file
 * carries and the verdict given so far.
 */
import type { LinkLead } from '@lead/contract/api';
import { sql } from 'kysely';
import type { Executor } from '../db/types.js';
import { fieldsOf } from '../lib/personal.js';
import { idArray } from './email-files.js';

export interface LinkedFile {
  id: number;
  lead_ids: number[];
  sent_at: Date | null;
  client_id: number;
  client_name: string;
  window_days: number;
}

/** The file of a link, with its client (null: no such file any more, or it is another client's). */
export async function linkedFile(db: Executor, fileId: number, clientId: number): Promise<LinkedFile | null> {
  const { rows } = await sql<LinkedFile>`
    SELECT f.id, f.lead_ids, f.sent_at, d.client_id, c.name AS client_name, c.verdict_window_days AS window_days
    FROM email_files f JOIN destinations d ON d.id = f.destination_id JOIN clients c ON c.id = d.client_id
    WHERE f.id = ${fileId} AND d.client_id = ${clientId}`.execute(db);
  const row = rows[0];
  return row ? { ...row, id: Number(row.id), lead_ids: row.lead_ids.map(Number) } : null;
}

interface Row {
  id: number;
  created_at: string;
  campaign: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  phone_e164: string | null;
  data: unknown;
  page_url: string | null;
  sealed: string | null;
  key: string | null;
  verdict: 'accepted' | 'rejected' | null;
  reason: string | null;
  credited: boolean | null;
}

/**
 * The file's leads that are its client's (as the client API scopes them) and not erased, oldest
 * first: name, e-mail and phone as the file has them, and the verdict given so far.
 */
export async function linkedLeads(db: Executor, file: LinkedFile, timeZone: string): Promise<LinkLead[]> {
  const { rows } = await sql<Row>`
    SELECT l.id, to_char(l.created_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD HH24:MI:SS') AS created_at,
      coalesce(p.name, c.name) AS campaign, l.name, l.email, l.phone, l.phone_e164, l.data, l.page_url,
      l.sealed, k.key, v.verdict, v.reason, v.credited
    FROM leads l JOIN campaigns c ON c.id = l.campaign_id LEFT JOIN campaigns p ON p.id = c.parent_id
      LEFT JOIN lead_keys k ON k.lead_id = l.id LEFT JOIN lead_verdicts v ON v.lead_id = l.id
    WHERE l.id = ANY(${idArray(file.lead_ids)}::bigint[]) AND l.erased_at IS NULL AND c.client_id = ${file.client_id}
      AND (c.client_since_lead_id IS NULL OR l.id > c.client_since_lead_id)
    ORDER BY l.id`.execute(db);
  return rows.map((r) => {
    const f = fieldsOf(r);
    return {
      id: Number(r.id),
      created_at: r.created_at,
      campaign: r.campaign,
      name: f.name,
      email: f.email,
      phone: f.phone,
      verdict: r.verdict,
      reason: r.reason,
      credited: r.credited ?? false,
    };
  });
}

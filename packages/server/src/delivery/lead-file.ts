/**
 * A scheduled e-mail file's content (#30): the leads it holds with the admin's lead export's
 * columns (a Campaign column first, the forms' fields by key, Date, Page URL, Variant, consent, source), as CSV or
 * XLSX, written by the same writers as the admin's export (`@lead/contract/xlsx`).
 */
import { exportColumns, exportRow, formColumns, type FormBlock, type VisitSource } from '@lead/contract';
import { csvFile, CSV_TYPE, XLSX_TYPE, XlsxWriter } from '@lead/contract/xlsx';
import { sql } from 'kysely';
import type { Executor } from '../db/types.js';
import { fieldsOf } from '../lib/personal.js';
import { idArray } from '../repositories/email-files.js';
import { sourceJson } from '../repositories/sources.js';

export interface LeadFile {
  filename: string;
  content: Buffer;
  contentType: string;
  /** Leads in it (a lead erased since the file was planned is left out). */
  rows: number;
}

interface FileLead {
  id: number;
  campaign_id: number;
  name: string | null;
  email: string | null;
  phone: string | null;
  phone_e164: string | null;
  data: Record<string, unknown> | null;
  page_url: string | null;
  sealed: string | null;
  key: string | null;
  consent_hash: string | null;
  /** Where its visit came from (only the fields it has). */
  source: VisitSource;
  created_at: string;
  /** The top-level campaign's name, and the arm's for an A/B test. */
  campaign: string;
  variant: string;
  forms: FormBlock[] | null;
}

/** Leads read at once: a file's memory stays a page of leads and the file itself. */
const PAGE = 2000;

async function readLeads(db: Executor, ids: readonly number[], timeZone: string): Promise<FileLead[]> {
  const out: FileLead[] = [];
  for (let i = 0; i < ids.length; i += PAGE) {
    const { rows } = await sql<FileLead>`
      SELECT l.id, l.campaign_id, l.name, l.email, l.phone, l.phone_e164, l.data, l.page_url, l.sealed, k.key, l.consent_hash,
        ${sourceJson('l')} AS source,
        to_char(l.created_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD HH24:MI:SS') AS created_at,
        coalesce(p.name, c.name) AS campaign, CASE WHEN c.type = 0 THEN '' ELSE c.name END AS variant,
        c.forms
      FROM leads l LEFT JOIN lead_keys k ON k.lead_id = l.id JOIN campaigns c ON c.id = l.campaign_id
        LEFT JOIN campaigns p ON p.id = c.parent_id
      WHERE l.id = ANY(${idArray(ids.slice(i, i + PAGE))}::bigint[]) AND l.erased_at IS NULL
      ORDER BY l.id`.execute(db);
    out.push(...rows.map((r) => ({ ...r, ...fieldsOf(r), id: Number(r.id) })));
  }
  return out;
}

/**
 * The file of `leadIds`. `stamp` names it (the due time in the client's zone, `2026-11-24-0800`);
 * dates in it are wall-clock times of `timeZone`, as in the admin's export; each consent record is
 * linked under `adminUrl`.
 */
export async function writeLeadFile(
  db: Executor,
  leadIds: readonly number[],
  format: 'csv' | 'xlsx',
  stamp: string,
  timeZone: string,
  adminUrl: string,
): Promise<LeadFile> {
  const leads = await readLeads(db, leadIds, timeZone);
  // One column per field key across the forms of every campaign in the file, in the order of first appearance.
  const forms = new Map<number, FormBlock[]>();
  for (const l of leads) if (!forms.has(l.campaign_id)) forms.set(l.campaign_id, l.forms ?? []);
  const fields = formColumns([...forms.values()]);
  const columns = exportColumns(fields, true);
  const rows = leads.map((l) =>
    exportRow({ ...l, data: l.data ?? {} }, fields, { campaign: l.campaign, variant: l.variant, adminUrl }),
  );
  const filename = `leads-${stamp}.${format}`;
  if (format === 'csv') {
    return {
      filename,
      content: Buffer.from(
        csvFile(
          columns.map((c) => c.label),
          rows,
        ),
        'utf8',
      ),
      contentType: CSV_TYPE,
      rows: rows.length,
    };
  }
  const chunks: Uint8Array[] = [];
  const writer = new XlsxWriter(columns, (chunk) => chunks.push(chunk));
  writer.addRows(rows);
  writer.finish();
  return { filename, content: Buffer.concat(chunks), contentType: XLSX_TYPE, rows: rows.length };
}

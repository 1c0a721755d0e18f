/**
 * Lead export (issue #12): which columns a lead file has and what each cell holds. The server
 * writes CSV and the row stream the admin's XLSX writer reads from these, so the two files
 * always agree.
 */
import type { FormBlock } from '../campaign.js';
import { BLOCK_LABELS, CHOICE_BLOCKS, FIELD_BLOCKS, SSO_TAGS } from '../rules/blocks.js';
import { SOURCE_KEYS, type VisitSource } from '../runtime/source.js';

/** `date` cells are wire date-times (`YYYY-MM-DD HH:mm:ss`, the server's time zone); the rest text. */
export type ExportColumnType = 'text' | 'date';

export interface ExportColumn {
  label: string;
  type: ExportColumnType;
}

/** A stored lead as the export reads it: the columns the runtime fills and the answers by field key. */
export interface ExportLead {
  name: string | null;
  email: string | null;
  /** As the visitor typed it. */
  phone: string | null;
  /** The same number in E.164 (issue #31): what a phone column holds, as text. */
  phone_e164: string | null;
  data: Record<string, unknown>;
}

/** The fixed columns after the form's own, in this order. */
export const EXPORT_TRAILING_COLUMNS: readonly ExportColumn[] = [
  { label: 'Date', type: 'date' },
  { label: 'Page URL', type: 'text' },
  { label: 'Variant', type: 'text' },
  { label: 'Consent hash', type: 'text' },
  { label: 'Consent record', type: 'text' },
  // Where the lead's visit came from (docs/runtime-audience.md): the referring host, the campaign tags, the click ids.
  ...SOURCE_KEYS.map((k) => ({ label: k === 'referrer_host' ? 'Referrer host' : k, type: 'text' as const })),
];

/** The admin's route that opens a lead's consent record (a hash route, after the admin's address). */
export const consentRecordPath = (leadId: number): string => `#/leads/${leadId}/consent`;
/** The first column when one file holds the leads of several campaigns. */
export const EXPORT_CAMPAIGN_COLUMN: ExportColumn = { label: 'Campaign', type: 'text' };

/** A field block's column header: what the visitor read (its label), else the block's name. */
export function fieldLabel(block: FormBlock): string {
  if (block.name === 'Terms') return BLOCK_LABELS.Terms;
  return block.data.placeholder?.trim() || BLOCK_LABELS[block.name];
}

/**
 * The form columns of one or more forms (a test and its variants, or a selection of campaigns):
 * one per field key, in the order the first form that has it shows it, later forms' new keys after.
 * Each column keeps the first block that defined its key (its label and answers).
 */
export function formColumns(forms: ReadonlyArray<readonly FormBlock[]>): FormBlock[] {
  const byKey = new Map<string, FormBlock>();
  for (const blocks of forms) {
    for (const block of blocks) {
      const key = block.data.value?.trim();
      if (!key || !FIELD_BLOCKS.includes(block.name) || byKey.has(key)) continue;
      byKey.set(key, block);
    }
  }
  return [...byKey.values()];
}

/** A lead file's name without its extension: one campaign's, or a selection's, and the days it covers when limited to some. */
export const leadExportFileName = (
  ids: readonly number[],
  range: { from?: string | null; to?: string | null } = {},
): string =>
  (ids.length > 1 ? `leads-${ids.length}-campaigns` : `campaign-${ids[0]}-leads`) +
  (range.from || range.to ? `_${range.from || 'start'}_${range.to || 'today'}` : '');

/** A name as a file name's part: lower case, letters and digits, runs of anything else a hyphen. */
const slug = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'client';

/**
 * The Leads page's file name without its extension, after its filters: `leads`, the client (its
 * name, or how many clients), then the days (`2026-11-24_2026-11-24`, or `all-time`).
 */
export function leadsPageFileName(
  clients: readonly string[],
  range: { from?: string | null; to?: string | null },
): string {
  const who = clients.length === 1 ? [slug(clients[0]!)] : clients.length > 1 ? [`${clients.length}-clients`] : [];
  const when = range.from || range.to ? [range.from || 'start', range.to || 'today'] : ['all-time'];
  return ['leads', ...who, ...when].join('_');
}

/** The header row of a lead file. */
export function exportColumns(fields: readonly FormBlock[], manyCampaigns: boolean): ExportColumn[] {
  return [
    ...(manyCampaigns ? [EXPORT_CAMPAIGN_COLUMN] : []),
    ...fields.map((b) => ({ label: fieldLabel(b), type: 'text' as const })),
    ...EXPORT_TRAILING_COLUMNS,
  ];
}

const asText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(asText).filter(Boolean).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/**
 * What a lead answered in `block`: the answer stored under its key; a choice shows the answer's
 * label (gender 1 is 'Male'); a lead stored before answers were kept by key falls back to the
 * profile field the block's SSO tag fills (name, email, phone). The lead's phone number is written in
 * E.164 ('+84912345678', text) where it was read in the site's country.
 */
export function leadCell(lead: ExportLead, block: FormBlock): string {
  const key = block.data.value?.trim() ?? '';
  const stored = key ? lead.data[key] : undefined;
  const tag = SSO_TAGS[block.name];
  if (stored === undefined || stored === null) {
    if (tag === 'phone') return lead.phone_e164 ?? lead.phone ?? '';
    return tag === 'name' || tag === 'email' ? (lead[tag] ?? '') : '';
  }
  // The block whose answer is the lead's phone number: that number in E.164.
  if (tag === 'phone' && lead.phone_e164 && asText(stored).trim() === lead.phone?.trim()) return lead.phone_e164;
  if (CHOICE_BLOCKS.includes(block.name)) {
    const answers = block.data.listQuestion ?? [];
    const label = (v: unknown) => answers.find((a) => a.value === asText(v))?.placeholder ?? asText(v);
    return Array.isArray(stored) ? stored.map(label).join(', ') : label(stored);
  }
  return asText(stored);
}

/**
 * A lead's row: campaign (when many), its answers in column order, date, page URL, variant, and
 * its consent record's hash with the admin link that opens the record (`adminUrl`: the admin's
 * address), both empty for a lead stored before records were kept; then where its visit came
 * from, a column per source field (empty when it has none).
 */
export function exportRow(
  lead: ExportLead & {
    id: number;
    created_at: string;
    page_url: string | null;
    consent_hash: string | null;
    source?: VisitSource | null;
  },
  fields: readonly FormBlock[],
  context: { campaign?: string; variant: string; adminUrl: string },
): string[] {
  return [
    ...(context.campaign !== undefined ? [context.campaign] : []),
    ...fields.map((b) => leadCell(lead, b)),
    lead.created_at,
    lead.page_url ?? '',
    context.variant,
    lead.consent_hash ?? '',
    lead.consent_hash ? `${context.adminUrl}/${consentRecordPath(lead.id)}` : '',
    ...SOURCE_KEYS.map((k) => lead.source?.[k] ?? ''),
  ];
}

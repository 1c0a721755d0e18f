/**
 * The reads of issue #44's "costs flat with data" (item 7), as the server runs them: the retention
 * sweep, a person looked up by e-mail and by number, a page of history, an export's count and
 * first page (a campaign's and the Leads page's), and a lead's delivery attempts. Each names the
 * tables it must not read whole and the indexes its plan reads. test/costs-indexes.test.ts checks
 * the plans; bench/costs.ts prints them beside its timings.
 */
import { sql, type Compilable, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../src/db/types.js';
import type { Lookup } from '../src/lib/personal.js';
import type { Viewer } from '../src/lib/scope.js';
import { personLeads } from '../src/repositories/erasure.js';
import { historyQuery } from '../src/repositories/history.js';
import { exportPageQuery as searchExportPage, extentQuery as searchExtent } from '../src/repositories/lead-search.js';
import { exportPageQuery, extentQuery } from '../src/repositories/leads.js';
import { sweepStatement } from '../src/repositories/retention.js';

export interface HotQuery {
  label: string;
  query: RawBuilder<unknown> | Compilable<unknown>;
  /** Tables read only through an index. */
  noSeqScan: string[];
  /** Indexes the plan reads (each at least once). */
  indexes: string[];
}

export interface HotContext {
  now: Date;
  lookup: Lookup;
  /** A campaign with many leads (an export's). */
  campaignId: number;
  /** An entry deep in the history (a keyset page's start). */
  historyBefore: number;
  /** Leads that have delivery attempts. */
  attemptLeads: number[];
  siteIds: number[];
}

const SYSTEM: Viewer = { id: 1, isSystem: true, siteIds: [] };

export function hotQueries(db: Kysely<DB>, c: HotContext): HotQuery[] {
  const everySite = { siteIds: c.siteIds };
  return [
    {
      label: 'retention sweep (a batch)',
      query: sweepStatement(c.now, 24),
      noSeqScan: ['leads', 'lead_keys', 'delivery_attempts'],
      indexes: ['leads_campaign_live_idx', 'leads_pkey', 'lead_keys_pkey', 'delivery_attempts_lead_idx'],
    },
    {
      label: 'erasure lookup by e-mail',
      query: personLeads(SYSTEM, { emails: [c.lookup.email('reader@mail.test')!], numbers: [], digits: [] }, true),
      noSeqScan: ['leads'],
      indexes: ['leads_email_idx'],
    },
    {
      label: 'erasure lookup by phone',
      query: personLeads(
        SYSTEM,
        {
          emails: [],
          numbers: [c.lookup.phone('+84912345678')],
          digits: ['0912345678', '84912345678'].map((d) => c.lookup.digits(d)),
        },
        true,
      ),
      noSeqScan: ['leads'],
      indexes: ['leads_phone_e164_idx', 'leads_phone_digits_idx'],
    },
    {
      label: 'history page (keyset, before an entry)',
      query: historyQuery(db, SYSTEM, { before: c.historyBefore }, 20),
      noSeqScan: ['history'],
      indexes: ['history_created_idx'],
    },
    {
      label: 'campaign export: count (before the first byte)',
      query: extentQuery(db, [c.campaignId], {}),
      noSeqScan: ['leads'],
      indexes: ['leads_campaign_live_idx'],
    },
    {
      label: 'campaign export: first page',
      query: exportPageQuery(c.campaignId, 0, Number.MAX_SAFE_INTEGER, 'UTC', {}),
      noSeqScan: ['leads', 'lead_keys'],
      indexes: ['lead_keys_pkey'],
    },
    {
      label: 'Leads page export: count (before the first byte)',
      query: searchExtent(everySite),
      noSeqScan: ['leads'],
      indexes: ['leads_campaign_live_idx'],
    },
    {
      label: 'Leads page export: first page',
      query: searchExportPage(everySite, Number.MAX_SAFE_INTEGER, null, 'UTC'),
      noSeqScan: ['leads', 'lead_keys'],
      indexes: ['leads_retention_idx', 'lead_keys_pkey'],
    },
    {
      label: "a lead's delivery attempts",
      query: sql`SELECT id, at, status, error FROM delivery_attempts WHERE lead_id = ${c.attemptLeads[0]!} ORDER BY id`,
      noSeqScan: ['delivery_attempts'],
      indexes: ['delivery_attempts_lead_idx'],
    },
    {
      label: "erased leads' attempts cleared",
      query: sql`UPDATE delivery_attempts SET error = NULL WHERE lead_id IN (${sql.join(c.attemptLeads)}) AND error IS NOT NULL`,
      noSeqScan: ['delivery_attempts'],
      indexes: ['delivery_attempts_lead_idx'],
    },
  ];
}

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

/** Every node of the plan of `query` (EXPLAIN (FORMAT JSON), not run). */
export async function planNodes(db: Kysely<DB>, query: HotQuery['query']): Promise<PlanNode[]> {
  const compiled = query.compile(db);
  const { rows } = await db.executeQuery<{ 'QUERY PLAN': unknown }>({
    ...compiled,
    sql: `EXPLAIN (FORMAT JSON) ${compiled.sql}`,
  });
  const raw = rows[0]!['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
  const walk = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(walk)];
  return walk(plan[0]!.Plan);
}

/** The plan's reads of tables, one line each: "Index Only Scan leads_campaign_live_idx". */
export const scans = (nodes: PlanNode[]): string[] =>
  nodes
    .filter((n) => n['Relation Name'] || n['Index Name'])
    .map((n) => `${n['Node Type']} ${n['Index Name'] ?? n['Relation Name']}`);

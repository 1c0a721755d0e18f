import { CAMPAIGN_STATUS_KEYS, type CampaignStatus, type HistoryEntry } from '@lead/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { html, type SafeHtml } from '../lib/html.js';
import { siteLimit, type Viewer } from '../lib/scope.js';
import { toWire } from '../lib/time.js';
import type { Executor } from '../db/types.js';

/** Icons of history entries, by what happened. */
export type HistoryIcon =
  | 'create'
  | 'update'
  | 'delete'
  | 'status'
  | 'login'
  | 'password'
  | 'clone'
  | 'import'
  | 'schedule'
  | 'export'
  | 'erase';

export interface HistoryWrite {
  userId: number | null;
  siteId?: number | null;
  icon: HistoryIcon;
  /** Built with the `html` template so that every value in it is escaped. */
  text: SafeHtml;
}

/**
 * The word of an entry that says a campaign's status changed ('Activated', 'paused'), marked as the
 * status it led to: the admin shows it in that status's badge, as the list shows the status. The
 * entry's words stay as they are.
 */
export const statusWord = (status: CampaignStatus, word: string): SafeHtml =>
  html`<span data-status-badge="" data-status="${CAMPAIGN_STATUS_KEYS[status]}">${word}</span>`;

/** Appends a history entry; call it inside the write's transaction so both land or neither. */
export async function recordHistory(db: Executor, entry: HistoryWrite): Promise<void> {
  await db
    .insertInto('history')
    .values({ user_id: entry.userId, site_id: entry.siteId ?? null, icon: entry.icon, text: entry.text.value })
    .execute();
}

/** Where a page starts: a page number (its entries are skipped, OFFSET), or older than an entry (keyset). */
export type HistoryFrom = { page: number } | { before: number };

/**
 * The SQL of a page of history, newest first (created_at, id), `pageSize + 1` rows. `before`
 * reads history_created_idx backwards from that entry, so any depth costs what the first page
 * does (test/costs-indexes.test.ts); a page number skips the pages before it.
 */
export function historyQuery(db: Executor, viewer: Viewer, from: HistoryFrom, pageSize: number) {
  let base = db.selectFrom('history as h');
  const sites = siteLimit(viewer);
  if (sites) base = base.where((eb) => eb.or([eb('h.user_id', '=', viewer.id), eb('h.site_id', 'in', sites)]));
  // Both sides of the comparison are known before the scan (the entry's time is an InitPlan), so it bounds the index scan.
  if ('before' in from)
    base = base.where(
      sql<boolean>`(h.created_at, h.id) < ((SELECT b.created_at FROM history b WHERE b.id = ${from.before}), ${from.before})`,
    );
  return base
    .leftJoin('users as u', 'u.id', 'h.user_id')
    .select(['h.id', 'h.icon', 'h.text', 'h.created_at', 'u.first_name', 'u.last_name'])
    .orderBy('h.created_at', 'desc')
    .orderBy('h.id', 'desc')
    .limit(pageSize + 1)
    .offset('page' in from ? (from.page - 1) * pageSize : 0);
}

/**
 * A page of history, newest first, and whether another follows. A system user sees everything;
 * everyone else, admins included, sees what happened on their sites and what they did themselves.
 * Nothing counts every entry (issue #44: that grew with the history on every page): one row past
 * the page says whether there is a next one. An entry `before` that does not exist reads nothing.
 */
export async function historyPage(
  db: Executor,
  viewer: Viewer,
  from: HistoryFrom,
  pageSize: number,
  timeZone: string,
): Promise<{ entries: HistoryEntry[]; more: boolean }> {
  const rows = await historyQuery(db, viewer, from, pageSize).execute();
  return {
    more: rows.length > pageSize,
    entries: rows.slice(0, pageSize).map((r) => ({
      id: Number(r.id),
      icon: r.icon,
      user: r.first_name === null ? null : { first_name: r.first_name, last_name: r.last_name ?? '' },
      text: r.text,
      created_at: toWire(r.created_at, timeZone)!,
    })),
  };
}

export interface HistoryRepository {
  /** A page of what `viewer` may see (see historyPage). */
  page(viewer: Viewer, from: HistoryFrom, pageSize: number): Promise<{ entries: HistoryEntry[]; more: boolean }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    history: HistoryRepository;
  }
}

export default fp(
  async function historyRepository(app: FastifyInstance, opts: { timeZone: string }) {
    app.decorate('history', {
      page: (viewer, from, pageSize) => historyPage(app.db, viewer, from, pageSize, opts.timeZone),
    } satisfies HistoryRepository);
  },
  { name: 'history-repository' },
);

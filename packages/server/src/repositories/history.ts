import { CAMPAIGN_STATUS_KEYS, type CampaignStatus, type HistoryEntry } from '@lead/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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

/**
 * A page of history, newest first, and whether another follows. A system user sees everything;
 * everyone else, admins included, sees what happened on their sites and what they did themselves.
 * Nothing counts every entry (issue #44: that grew with the history on every page): one row past
 * the page says whether there is a next one.
 */
export async function historyPage(
  db: Executor,
  viewer: Viewer,
  page: number,
  pageSize: number,
  timeZone: string,
): Promise<{ entries: HistoryEntry[]; more: boolean }> {
  let base = db.selectFrom('history as h');
  const sites = siteLimit(viewer);
  if (sites) base = base.where((eb) => eb.or([eb('h.user_id', '=', viewer.id), eb('h.site_id', 'in', sites)]));
  const rows = await base
    .leftJoin('users as u', 'u.id', 'h.user_id')
    .select(['h.id', 'h.icon', 'h.text', 'h.created_at', 'u.first_name', 'u.last_name'])
    .orderBy('h.created_at', 'desc')
    .orderBy('h.id', 'desc')
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize)
    .execute();
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
  page(viewer: Viewer, page: number, pageSize: number): Promise<{ entries: HistoryEntry[]; more: boolean }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    history: HistoryRepository;
  }
}

export default fp(
  async function historyRepository(app: FastifyInstance, opts: { timeZone: string }) {
    app.decorate('history', {
      page: (viewer, page, pageSize) => historyPage(app.db, viewer, page, pageSize, opts.timeZone),
    } satisfies HistoryRepository);
  },
  { name: 'history-repository' },
);

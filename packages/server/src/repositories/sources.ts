/**
 * Where leads come from (migration 0020, docs/runtime-audience.md): a page view's source, kept with it for
 * as long as its events (`page_view_sources`, purged with them), and copied as plain columns to
 * the lead it brings (and to a spam lead, which a release turns into one).
 */
import { SOURCE_KEYS, sourceLabel, type SourceKey, type VisitSource } from '@lead/contract';
import { sql } from 'kysely';
import type { Executor } from '../db/types.js';
import { placeColumns, type PageViewPlace } from './breakdowns.js';

/** A source as its columns: every one named, null where the source has none. */
export function sourceColumns(source: VisitSource | undefined): Record<SourceKey, string | null> {
  return Object.fromEntries(SOURCE_KEYS.map((k) => [k, source?.[k] ?? null])) as Record<SourceKey, string | null>;
}

/** A row's source columns as a source: only those it has. */
export function sourceOf(row: { [K in SourceKey]?: string | null }): VisitSource {
  const out: VisitSource = {};
  for (const k of SOURCE_KEYS) {
    const v = row[k];
    if (v) out[k] = v;
  }
  return out;
}

/**
 * Keeps the source and place of page view `pageView` of `siteId` (the first one given wins: a page
 * view has one), with its source as the breakdown names it.
 */
export async function savePageViewSource(
  db: Executor,
  pageView: string,
  siteId: number,
  source: VisitSource,
  place?: PageViewPlace,
): Promise<void> {
  await db
    .insertInto('page_view_sources')
    .values({
      page_view: pageView,
      site_id: siteId,
      ...sourceColumns(source),
      ...placeColumns(place),
      source_label: sourceLabel(source) || null,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The source and place of page view `pageView` of `siteId` (empty when it had none, or was purged). */
export async function pageViewSource(
  db: Executor,
  pageView: string,
  siteId: number,
): Promise<{ source: VisitSource; place: PageViewPlace }> {
  const row = await db
    .selectFrom('page_view_sources')
    .select([...SOURCE_KEYS, 'device', 'page_path'])
    .where('page_view', '=', pageView)
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  return { source: row ? sourceOf(row) : {}, place: placeColumns(row) };
}

/** The source columns of `alias` (a lead's) as one JSON object of those it has: what exports read. */
export const sourceJson = (alias: string) =>
  sql.raw(
    `json_strip_nulls(json_build_object(${SOURCE_KEYS.map((k) => `'${k}', ${alias ? `${alias}.` : ''}${k}`).join(', ')}))`,
  );

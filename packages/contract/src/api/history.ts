/** The history (docs/api/accounts.md, "History"): a page of what was done, newest first. */
import { Type, type Static } from 'typebox';
import { Nullable, responses } from './common.js';
import type { RouteSpec } from './route.js';

export const HistoryEntrySchema = Type.Object({
  id: Type.Integer(),
  icon: Type.String(),
  user: Nullable(Type.Object({ first_name: Type.String(), last_name: Type.String() })),
  text: Type.String(),
  created_at: Type.String(),
});
export type HistoryEntry = Static<typeof HistoryEntrySchema>;

export const HistoryPageSchema = Type.Object({
  history: Type.Array(HistoryEntrySchema),
  message: Type.String(),
  prev_page: Nullable(Type.Integer()),
  next_page: Nullable(Type.Integer()),
  total_pages: Type.Integer(),
  /** The last entry's id when older entries follow: `?before=` that id reads them (a keyset page). */
  next_before: Nullable(Type.Integer()),
});
export type HistoryPage = Static<typeof HistoryPageSchema>;

export const historyApi = {
  list: {
    method: 'GET',
    url: '/api/admin/history',
    querystring: Type.Object({
      page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
      /** The entries older than this one (by time, then id): what `next_before` names. */
      before: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
    }),
    response: responses(HistoryPageSchema),
  },
} as const satisfies Record<string, RouteSpec>;
export type HistoryApi = typeof historyApi;

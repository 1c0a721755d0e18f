import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema.js';

/**
 * The database's types are generated from the migrated schema into `schema.ts`
 * (`npm run db:types`; `npm run lint` fails when they are out of date). A table's row types come
 * from there, e.g. `Selectable<Leads>`.
 */
export type { DB };

/** What a repository function runs its queries on: the database, or a transaction in progress. */
export type Executor = Kysely<DB> | Transaction<DB>;

import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';

/**
 * A random secret kept in the database under `name`: made by the first process that asks,
 * the same for every process on that database (page-view signatures, the visitors' daily salt).
 */
export async function runtimeSecret(db: Kysely<DB>, name: string): Promise<string> {
  await db
    .insertInto('runtime_secrets')
    .values({ name, secret: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('runtime_secrets')
    .select('secret')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.secret;
}

import { sql } from 'kysely';
import type { Database } from '../db/connect.js';
import type { ScryptParams } from '../lib/crypto.js';
import { lookupOf, sealStored } from '../repositories/personal.js';
import { seedAccounts, seedFirstAdmin } from './accounts.js';
import { seedCampaigns } from './campaigns.js';
import { createRandom } from './random.js';
import { seedReference } from './reference.js';

export interface SeedOptions {
  demo: boolean;
  adminEmail?: string | null;
  adminPassword?: string | null;
  /** The demo's "today"; figures and dates are laid out back from it. */
  now?: Date;
  /** Top-level demo campaigns (default 320) and the extra leads of the first one (default 100000). */
  campaigns?: number;
  bigLeadCampaign?: number;
  timeZone?: string;
  /** scrypt's parameters for the seeded passwords: the server's own (config.passwordHash), so that sign-in need not rehash them. */
  passwordHash: ScryptParams;
}

const SEED_LOCK = 720_002;

/**
 * Fills an empty database: reference data always, then the demo data or the
 * first admin. Does nothing once there is a user, so a restart keeps what is there.
 * Returns whether it seeded.
 */
export async function seed(database: Database, opts: SeedOptions): Promise<boolean> {
  const seeded = await database.db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    await seedReference(trx);
    const existing = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (existing) return false;
    if (opts.demo) {
      const rnd = createRandom();
      const now = opts.now ?? new Date();
      const accounts = await seedAccounts(trx, rnd, now, opts.passwordHash);
      await seedCampaigns(trx, rnd, now, accounts, {
        count: opts.campaigns ?? 320,
        bigLeadCampaign: opts.bigLeadCampaign ?? 100_000,
        timeZone: opts.timeZone ?? 'Asia/Ho_Chi_Minh',
      });
    } else {
      if (!opts.adminEmail || !opts.adminPassword) throw new Error('DEMO=0 needs ADMIN_EMAIL and ADMIN_PASSWORD');
      await seedFirstAdmin(trx, opts.adminEmail, opts.adminPassword, opts.passwordHash);
    }
    return true;
  });
  // Fresh statistics for the planner: PGlite has no autovacuum, and without them a page of a big
  // campaign's leads (the export, the detail) was planned as a sort of all its rows.
  if (seeded) {
    // The demo's leads are inserted plain (one statement): sealed here, as a start seals rows stored before.
    await sealStored(database.db, await lookupOf(database.db));
    await sql`ANALYZE`.execute(database.db);
  }
  return seeded;
}

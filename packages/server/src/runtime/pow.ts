/**
 * The lead form's proof of work (issue #44, docs/runtime-people.md "Is it a person?"): ALTCHA
 * challenges (altcha-lib's v1 format) HMAC-signed under a secret of the database, so every process
 * verifies every other's. The salt carries the site and the time of issue (`?i=<ms base 36>&s=<site>&`),
 * under the signature: a challenge is good for one site, for an hour (POW_TTL_MS), once (pow_spent).
 */
import { POW_MAX_NUMBER, POW_TTL_MS, type PowChallenge, type PowSolution } from '@lead/contract';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import { runtimeSecret } from '../repositories/runtime-secrets.js';

export type PowCheck = { status: 'ok'; issued: number } | { status: 'bad' | 'expired' };

export interface Pow {
  /** A new challenge for a form opening on `siteId` now. */
  issue(siteId: number, now: Date): Promise<PowChallenge>;
  /** Whether `solution` solves a challenge this server made for the site, less than an hour ago (not whether it was spent). */
  check(solution: PowSolution, siteId: number, now: Date): Promise<PowCheck>;
  /** Spends a checked solution: false when a lead spent it before (a replay). */
  spend(solution: PowSolution, issued: number): Promise<boolean>;
}

export async function powChallenges(db: Kysely<DB>): Promise<Pow> {
  const hmacKey = await runtimeSecret(db, 'pow');
  return {
    async issue(siteId, now) {
      const c = await createChallenge({
        hmacKey,
        maxNumber: POW_MAX_NUMBER,
        params: { i: now.getTime().toString(36), s: String(siteId) },
      });
      return {
        algorithm: 'SHA-256',
        challenge: c.challenge,
        maxnumber: c.maxnumber ?? POW_MAX_NUMBER,
        salt: c.salt,
        signature: c.signature,
      };
    },
    async check(solution, siteId, now) {
      const params = extractParams(solution);
      const issued = parseInt(params.i ?? '', 36);
      if (
        params.s !== String(siteId) ||
        !Number.isSafeInteger(issued) ||
        !(await verifySolution(solution, hmacKey, false))
      )
        return { status: 'bad' };
      const age = now.getTime() - issued;
      // A minute of clocks apart between processes; older than its hour, expired.
      if (age < -60_000) return { status: 'bad' };
      return age > POW_TTL_MS ? { status: 'expired' } : { status: 'ok', issued };
    },
    async spend(solution, issued) {
      const row = await db
        .insertInto('pow_spent')
        .values({ signature: solution.signature, expires_at: new Date(issued + POW_TTL_MS + 60_000) })
        .onConflict((oc) => oc.column('signature').doNothing())
        .returning('signature')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

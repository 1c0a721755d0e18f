import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteDialect } from '../src/db/pglite-dialect.js';

/*
 * The PGlite dialect runs a read with parameters as a named statement, parsed once (PGlite's own
 * query() parses and plans it every time): the same answers as PGlite's query(), the same errors,
 * and a kept statement survives its table changing.
 */
interface Row {
  id: number;
  name: string;
  at: Date;
  day: string;
  tags: string[];
  meta: { a: number };
  amount: number;
}
let pglite: PGlite;
let db: Kysely<{ t: Row }>;

beforeAll(async () => {
  pglite = await PGlite.create({ parsers: { 20: Number, 1700: Number, 1082: (v: string) => v } });
  db = new Kysely({ dialect: new PGliteDialect(pglite) });
  await pglite.exec(`CREATE TABLE t (id int PRIMARY KEY, name text NOT NULL, at timestamptz, day date, tags text[], meta jsonb, amount numeric);
    INSERT INTO t SELECT g, 'row ' || g, '2026-11-23T10:00:00Z'::timestamptz + g * interval '1 hour', DATE '2026-11-01' + g, ARRAY['a', 'b' || g], jsonb_build_object('a', g), g * 1.5 FROM generate_series(1, 50) g;`);
});
afterAll(async () => {
  await db.destroy();
  await pglite.close();
});

describe('PGlite dialect: named statements', () => {
  it("answers as PGlite's own query() does: dates, arrays, JSON, numerics, and parameters of each kind", async () => {
    const q = db
      .selectFrom('t')
      .selectAll()
      .where('id', 'in', [3, 4, 5])
      .where('name', '<>', 'row 4')
      .where('at', '<', new Date('2026-11-24T00:00:00Z'))
      .where(sql<boolean>`(meta @> ${JSON.stringify({ a: 3 })}::jsonb OR amount > ${7})`)
      .orderBy('id');
    const compiled = q.compile();
    const own = await pglite.query(compiled.sql, compiled.parameters as unknown[]);
    // Twice: the second run uses the kept statement.
    expect(await q.execute()).toEqual(own.rows);
    expect(await q.execute()).toEqual(own.rows);
    expect((await q.execute()).map((r) => r.id)).toEqual([3, 5]);
    expect((await q.execute())[0]).toMatchObject({
      at: new Date('2026-11-23T13:00:00Z'),
      day: '2026-11-04',
      tags: ['a', 'b3'],
      meta: { a: 3 },
      amount: 4.5,
    });
  });

  it('reports writes and their counts, and null parameters', async () => {
    const res = await db
      .updateTable('t')
      .set({ meta: null as never })
      .where('id', '>', 48)
      .executeTakeFirst();
    expect(res.numUpdatedRows).toBe(2n);
    expect(await db.selectFrom('t').select('id').where('meta', 'is', null).orderBy('id').execute()).toEqual([
      { id: 49 },
      { id: 50 },
    ]);
  });

  it("raises the database's error with its code, and goes on working after it, in and out of a transaction", async () => {
    await expect(
      db
        .insertInto('t')
        .values({ id: 1, name: 'again' } as never)
        .execute(),
    ).rejects.toMatchObject({ code: '23505' });
    await expect(
      db
        .selectFrom('t')
        .select('id')
        .where('id', '=', 'not a number' as never)
        .execute(),
    ).rejects.toMatchObject({ code: '22P02' });
    await expect(
      db.transaction().execute(async (tx) => {
        await tx.updateTable('t').set({ name: 'changed' }).where('id', '=', 2).execute();
        await tx
          .insertInto('t')
          .values({ id: 2, name: 'clash' } as never)
          .execute();
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await db.selectFrom('t').select('name').where('id', '=', 2).executeTakeFirst()).toEqual({ name: 'row 2' });
  });

  it('keeps working past the number of statements it keeps (the oldest are closed)', async () => {
    for (let i = 0; i < 230; i++) {
      const row = await db
        .selectFrom('t')
        .select(sql<number>`id + ${i}`.as(`plus_${i}`))
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      expect(Object.values(row)).toEqual([1 + i]);
    }
    const kept = await pglite.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'lead_%'`,
    );
    expect(kept.rows[0]!.n).toBeLessThanOrEqual(200);
  });

  it('parses a kept statement again when its table has changed', async () => {
    const q = db.selectFrom('t').selectAll().where('id', '=', 7);
    expect(Object.keys((await q.executeTakeFirstOrThrow()) as object)).not.toContain('extra');
    await pglite.exec('ALTER TABLE t ADD COLUMN extra text');
    expect(await q.executeTakeFirstOrThrow()).toMatchObject({ id: 7, extra: null });
  });
});

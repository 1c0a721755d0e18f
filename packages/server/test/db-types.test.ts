import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actualTables, declaredTables, differences, suggestedLine } from './db-schema.js';
import { freshDatabase, type TestDatabase } from './database.js';

/**
 * src/db/types.ts, written by hand, says what the migrations made: the same tables, the same
 * columns, the same nullability, and a default behind every `Generated<>` (docs/architecture.md,
 * "The wire's one home": how to update it). On both databases.
 */
const TYPES = fileURLToPath(new URL('../src/db/types.ts', import.meta.url));

let t: TestDatabase;
beforeAll(async () => {
  // A copy of the run's template, migrated by global-setup from migrations/*.sql.
  t = await freshDatabase({ variant: 'admin' });
});
afterAll(() => t.dispose());

const found = () => t.database.session(async (s) => differences(declaredTables(TYPES), await actualTables(s)));

describe('src/db/types.ts against the migrated database', () => {
  it('declares every table and column as the migrations made them', async () => {
    const drift = await found();
    expect(drift, drift.join('\n')).toEqual([]);
  });

  it('fails a column, a table, a nullability or a default that types.ts does not say, with the line to add', async () => {
    // What a new migration could do, in a transaction on this file's own copy, rolled back.
    const drift = await t.database.session(async (s) => {
      await s.exec(`BEGIN;
      ALTER TABLE leads ADD COLUMN source_ref text;
      ALTER TABLE clients ADD COLUMN lead_cap integer NOT NULL DEFAULT 0;
      CREATE TABLE lead_notes (id serial PRIMARY KEY, lead_id integer NOT NULL, body text NOT NULL);
      ALTER TABLE history ALTER COLUMN site_id SET NOT NULL;
      ALTER TABLE users ALTER COLUMN status DROP DEFAULT;
      ALTER TABLE uploads DROP COLUMN mime;`);
      try {
        return differences(declaredTables(TYPES), await actualTables(s));
      } finally {
        await s.exec('ROLLBACK');
      }
    });
    expect(drift).toEqual(
      expect.arrayContaining([
        'leads.source_ref is in the database but not in LeadsTable; add: source_ref: string | null;',
        'clients.lead_cap is in the database but not in ClientsTable; add: lead_cap: Generated<number>;',
        expect.stringMatching(
          /^table lead_notes is in the database but not in DB .*\n {2}id: Generated<number>;\n {2}lead_id: number;\n {2}body: string;$/,
        ),
        'history.site_id is NOT NULL in the database but may be null in HistoryTable',
        'users.status is Generated<> in UsersTable but has no default in the database',
        'uploads.mime is in UploadsTable but not in the database',
      ]),
    );
    expect(drift).toHaveLength(6);
    expect(await found()).toEqual([]);
  });

  it('suggests the type of each kind of column', () => {
    const column = (udtName: string, nullable = false, hasDefault = false) => ({
      udtName,
      dataType: '',
      nullable,
      hasDefault,
    });
    expect(suggestedLine('ids', column('_int4', true))).toBe('ids: number[] | null;');
    expect(suggestedLine('at', column('timestamptz', false, true))).toBe('at: Generated<Date>;');
    expect(suggestedLine('data', column('jsonb'))).toBe('data: Json;');
    expect(suggestedLine('day', column('date'))).toBe('day: string;');
  });
});

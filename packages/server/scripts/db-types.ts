/**
 * Writes `src/db/schema.ts`, the database's table types, from the schema the migrations make: they
 * run on an in-memory PGlite and kysely-codegen reads the result. A text column whose CHECK allows
 * a list of words becomes the union of those words. `--check` writes nothing and fails when the
 * file differs from what the migrations make (CI runs it in `npm run lint`).
 *
 *   npm run db:types            write the file after a migration
 *   npm run db:types -- --check fail when it is out of date
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { generate, PostgresDialect } from 'kysely-codegen';
import prettier from 'prettier';
import { connectPGlite, type Database } from '../src/db/connect.js';
import { migrate } from '../src/db/migrate.js';
import { wordUnions, type CheckedColumn } from './word-unions.js';

const target = fileURLToPath(new URL('../src/db/schema.ts', import.meta.url));

async function checkedColumns(database: Database): Promise<CheckedColumn[]> {
  return database.session((s) =>
    s.query<CheckedColumn>(`
      SELECT c.conrelid::regclass::text AS table, a.attname AS column, pg_get_constraintdef(c.oid) AS definition,
             NOT a.attnotnull AS nullable, a.atthasdef AS has_default
      FROM pg_constraint c
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      WHERE c.contype = 'c' AND c.connamespace = 'public'::regnamespace AND cardinality(c.conkey) = 1
      ORDER BY 1, 2`),
  );
}

const database = await connectPGlite(null);
let source: string;
try {
  await migrate(database);
  source = await generate({
    db: database.db,
    dialect: new PostgresDialect(),
    overrides: { columns: wordUnions(await checkedColumns(database)) },
    // The drivers are set to read these as numbers and day strings (src/db/connect.ts); JSON is
    // written as text and read as parsed values.
    typeMapping: { int8: 'number', numeric: 'number', date: 'string', json: 'Json', jsonb: 'Json' },
    print: false,
    outFile: null,
  });
} finally {
  await database.close();
}
// JSON is written as text (JSON.stringify) and read as parsed values of no known shape.
source = source
  .replace(/export type Json\w* = (\{[^}]*\}|[^;{]*);\n\n/g, '')
  .replace(
    'export interface AccessTokens',
    'export type Json = ColumnType<unknown, string, string>;\n\nexport interface AccessTokens',
  );
const config = await prettier.resolveConfig(target);
const formatted = await prettier.format(source, { ...config, filepath: target });

if (process.argv.includes('--check')) {
  const current = await readFile(target, 'utf8').catch(() => '');
  if (current !== formatted) {
    console.error('src/db/schema.ts is not what the migrations make: run `npm run db:types` and commit it.');
    process.exit(1);
  }
  console.log('db: src/db/schema.ts matches the migrations');
} else {
  await writeFile(target, formatted);
  console.log('db: wrote src/db/schema.ts');
}

/**
 * src/db/types.ts (Kysely's table types) is written by hand beside the migrations. This compares
 * the two: what types.ts declares, read with TypeScript's parser, against a migrated database's
 * information_schema. Each difference is a sentence saying what to change in types.ts; for a
 * column it lacks, the line to add (test/db-types.test.ts).
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import type { ScriptSession } from '../src/db/connect.js';

/** A column as types.ts declares it: may it be null when read; is it `Generated<>` (the database fills it when an insert leaves it out). */
export interface DeclaredColumn {
  nullable: boolean;
  generated: boolean;
}
/** A column as the database has it. */
export interface ActualColumn {
  nullable: boolean;
  hasDefault: boolean;
  /** information_schema's data_type, and udt_name for an array ('_int4'). */
  dataType: string;
  udtName: string;
}
/** Table → its interface's name (declared only) → column → what is known of it. */
export type Tables<C> = Map<string, { name?: string; columns: Map<string, C> }>;

/** The migrations' own bookkeeping, which no query of ours reads. */
const NOT_IN_TYPES = new Set(['schema_migrations']);

/** The tables and columns of `DB` in the source of src/db/types.ts. */
export function declaredTables(file: string): Tables<DeclaredColumn> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  const aliases = new Map<string, ts.TypeNode>();
  for (const statement of source.statements) {
    if (ts.isInterfaceDeclaration(statement)) interfaces.set(statement.name.text, statement);
    if (ts.isTypeAliasDeclaration(statement)) aliases.set(statement.name.text, statement.type);
  }

  /** What a property's type says, following the file's own aliases (`Counter`, `MaybeTimestamp`…). */
  const read = (node: ts.TypeNode): DeclaredColumn => {
    if (ts.isLiteralTypeNode(node) && node.literal.kind === ts.SyntaxKind.NullKeyword)
      return { nullable: true, generated: false };
    if (ts.isUnionTypeNode(node)) {
      const parts = node.types.map(read);
      return { nullable: parts.some((p) => p.nullable), generated: parts.some((p) => p.generated) };
    }
    if (ts.isParenthesizedTypeNode(node)) return read(node.type);
    if (ts.isTypeReferenceNode(node)) {
      const name = node.typeName.getText(source);
      const first = node.typeArguments?.[0];
      if (name === 'Generated' && first) return { nullable: read(first).nullable, generated: true };
      // ColumnType<Select, Insert, Update>: what a read gives.
      if (name === 'ColumnType' && first) return { nullable: read(first).nullable, generated: false };
      const alias = aliases.get(name);
      if (alias) return read(alias);
    }
    return { nullable: false, generated: false };
  };

  const db = interfaces.get('DB');
  if (!db) throw new Error(`${file} has no interface DB`);
  const tables: Tables<DeclaredColumn> = new Map();
  for (const member of db.members) {
    if (!ts.isPropertySignature(member) || !member.type || !ts.isTypeReferenceNode(member.type)) continue;
    const table = member.name.getText(source);
    const name = member.type.typeName.getText(source);
    const declaration = interfaces.get(name);
    if (!declaration) throw new Error(`${file}: DB.${table} names ${name}, which is not an interface of the file`);
    const columns = new Map<string, DeclaredColumn>();
    for (const column of declaration.members) {
      if (ts.isPropertySignature(column) && column.type) columns.set(column.name.getText(source), read(column.type));
    }
    tables.set(table, { name, columns });
  }
  return tables;
}

/** The tables and columns of the database's schema, read on `session` (`database.session(actualTables)`). */
export async function actualTables(session: Pick<ScriptSession, 'query'>): Promise<Tables<ActualColumn>> {
  const rows = await session.query<{
    table_name: string;
    column_name: string;
    is_nullable: string;
    column_default: string | null;
    is_identity: string;
    data_type: string;
    udt_name: string;
  }>(
    `SELECT c.table_name, c.column_name, c.is_nullable, c.column_default, c.is_identity, c.data_type, c.udt_name
         FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
        ORDER BY c.table_name, c.ordinal_position`,
  );
  const tables: Tables<ActualColumn> = new Map();
  for (const r of rows) {
    if (NOT_IN_TYPES.has(r.table_name)) continue;
    let table = tables.get(r.table_name);
    if (!table) tables.set(r.table_name, (table = { columns: new Map() }));
    table.columns.set(r.column_name, {
      nullable: r.is_nullable === 'YES',
      hasDefault: r.column_default !== null || r.is_identity === 'YES',
      dataType: r.data_type,
      udtName: r.udt_name,
    });
  }
  return tables;
}

const SCALARS: Record<string, string> = {
  int2: 'number',
  int4: 'number',
  int8: 'number',
  numeric: 'number',
  float4: 'number',
  float8: 'number',
  text: 'string',
  varchar: 'string',
  bpchar: 'string',
  uuid: 'string',
  date: 'string',
  bool: 'boolean',
  timestamptz: 'Date',
  timestamp: 'Date',
  jsonb: 'Json',
  json: 'Json',
};

/** The line types.ts would declare for `column`: a starting point (named types such as `Timestamp` or a union of literals are the writer's choice). */
export function suggestedLine(column: string, c: ActualColumn): string {
  const element = c.udtName.startsWith('_')
    ? `${SCALARS[c.udtName.slice(1)] ?? 'unknown'}[]`
    : (SCALARS[c.udtName] ?? 'unknown');
  const type = `${element}${c.nullable ? ' | null' : ''}`;
  return `${column}: ${c.hasDefault && !c.nullable ? `Generated<${type}>` : type};`;
}

/** Every way types.ts and the database differ, one sentence each; empty when they agree. */
export function differences(declared: Tables<DeclaredColumn>, actual: Tables<ActualColumn>): string[] {
  const out: string[] = [];
  for (const [table, { columns }] of actual) {
    const mine = declared.get(table);
    if (!mine) {
      const lines = [...columns].map(([name, c]) => `  ${suggestedLine(name, c)}`).join('\n');
      out.push(`table ${table} is in the database but not in DB (src/db/types.ts); add an interface:\n${lines}`);
      continue;
    }
    for (const [column, c] of columns) {
      const d = mine.columns.get(column);
      if (!d)
        out.push(`${table}.${column} is in the database but not in ${mine.name}; add: ${suggestedLine(column, c)}`);
      else {
        if (d.nullable !== c.nullable)
          out.push(
            `${table}.${column} is ${c.nullable ? 'nullable' : 'NOT NULL'} in the database but ${d.nullable ? 'may be null' : 'never null'} in ${mine.name}`,
          );
        if (d.generated && !c.hasDefault)
          out.push(`${table}.${column} is Generated<> in ${mine.name} but has no default in the database`);
      }
    }
    for (const column of mine.columns.keys()) {
      if (!columns.has(column)) out.push(`${table}.${column} is in ${mine.name} but not in the database`);
    }
  }
  for (const [table, { name }] of declared) {
    if (!actual.has(table)) out.push(`table ${table} is in DB (${name}) but not in the database`);
  }
  return out;
}

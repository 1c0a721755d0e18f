/** A column with a one-column CHECK constraint, as `scripts/db-types.ts` reads it from pg_constraint. */
export interface CheckedColumn {
  table: string;
  column: string;
  definition: string;
  nullable: boolean;
  has_default: boolean;
}

/** `CHECK ((state = ANY (ARRAY['a'::text, 'b'::text])))` → `'a' | 'b'`, keyed `table.column`. */
export function wordUnions(columns: readonly CheckedColumn[]): Record<string, string> {
  const overrides: Record<string, string> = {};
  for (const c of columns) {
    const match = /^CHECK \(\((\w+) = ANY \(ARRAY\[(.*)\]\)\)\)$/.exec(c.definition);
    if (!match || match[1] !== c.column) continue;
    const words = [...match[2]!.matchAll(/'([^']*)'::text/g)].map((m) => `'${m[1]}'`);
    if (!words.length) continue;
    let type = words.join(' | ');
    if (c.nullable) type += ' | null';
    overrides[`${c.table}.${c.column}`] = c.has_default ? `Generated<${type}>` : type;
  }
  return overrides;
}

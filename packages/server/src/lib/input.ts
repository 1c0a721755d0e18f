/**
 * The bounds every request obeys, whatever its route's schema forgot to say:
 * what a PostgreSQL column can hold, and what a caller may send.
 */

/** The largest value of a PostgreSQL `integer` column (ids, pages, counts). */
export { MAX_INT } from '@lead/contract/api';
import { MAX_INT } from '@lead/contract/api';
/** A string field with no stated length takes at most this many characters. */
export const DEFAULT_MAX_LENGTH = 10_000;
/** An array with no stated size takes at most this many items. */
export const DEFAULT_MAX_ITEMS = 1_000;

type Schema = Record<string, unknown>;

const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Tightens a request schema in place, once: objects refuse fields they do not
 * name (`additionalProperties: false`, so nothing like `password_hash` slips
 * through), integers stay within a PostgreSQL integer, strings and arrays get a
 * size. Branches of `allOf` are left open, since each would refuse the other's
 * fields; `Type.Record` objects (only `patternProperties`) stay open on purpose.
 */
export function hardenSchema(schema: unknown, seen = new WeakSet<object>()): void {
  if (!isObject(schema) || seen.has(schema)) return;
  seen.add(schema);
  if (schema.type === 'object' && isObject(schema.properties) && schema.additionalProperties === undefined) {
    schema.additionalProperties = false;
  }
  if (schema.type === 'integer') {
    if (schema.maximum === undefined && schema.exclusiveMaximum === undefined) schema.maximum = MAX_INT;
    if (schema.minimum === undefined && schema.exclusiveMinimum === undefined) schema.minimum = -MAX_INT;
  }
  if (
    schema.type === 'string' &&
    schema.maxLength === undefined &&
    schema.const === undefined &&
    schema.enum === undefined
  ) {
    schema.maxLength = DEFAULT_MAX_LENGTH;
  }
  if (schema.type === 'array' && schema.maxItems === undefined) schema.maxItems = DEFAULT_MAX_ITEMS;
  for (const key of ['properties', 'patternProperties'] as const) {
    const children = schema[key];
    if (isObject(children)) for (const child of Object.values(children)) hardenSchema(child, seen);
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) for (const child of list) hardenSchema(child, seen);
  }
  if (Array.isArray(schema.allOf)) {
    for (const child of schema.allOf) if (isObject(child)) hardenBranch(child, seen);
  }
  if (isObject(schema.items)) hardenSchema(schema.items, seen);
  if (isObject(schema.additionalProperties)) hardenSchema(schema.additionalProperties, seen);
}

/** An `allOf` branch: its fields are bounded but it may not close itself. */
function hardenBranch(schema: Schema, seen: WeakSet<object>) {
  const closed = schema.additionalProperties;
  hardenSchema(schema, seen);
  if (closed === undefined) delete schema.additionalProperties;
}

/** The string formats of our schemas: comma lists of ids or integers within a PostgreSQL integer. */
export function ajvFormats<
  T extends { addFormat(name: string, format: { type: 'string'; validate: (v: string) => boolean }): unknown },
>(ajv: T): T {
  ajv.addFormat('id-list', { type: 'string', validate: isIdList });
  ajv.addFormat('int-list', { type: 'string', validate: isIntList });
  return ajv;
}

/** ids in a comma list (`site_id=1,2`): each a positive PostgreSQL integer. */
export function isIdList(value: string): boolean {
  if (!/^\s*\d{1,10}(\s*,\s*\d{1,10})*\s*$/.test(value)) return false;
  return value.split(',').every((v) => {
    const n = Number(v.trim());
    return n >= 1 && n <= MAX_INT;
  });
}

/** Integers in a comma list that may be negative (`status=-1,3`), each within a PostgreSQL integer. */
export function isIntList(value: string): boolean {
  if (!/^\s*-?\d{1,10}(\s*,\s*-?\d{1,10})*\s*$/.test(value)) return false;
  return value.split(',').every((v) => Math.abs(Number(v.trim())) <= MAX_INT);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const notStorable = (s: string): boolean => s.includes('\0') || LONE_SURROGATE.test(s);

/**
 * The first value in `value` (walked to any depth, without recursion) that
 * PostgreSQL cannot hold: a string with a NUL character or a lone surrogate,
 * or a number that is not finite (ajv's type coercion turns "Infinity" and
 * "1e400" into Infinity without checking the range). Returns its dotted path
 * and the message, or null when every value is fine.
 */
export function badValue(value: unknown): { field: string; message: string } | null {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length) {
    const [node, path] = stack.pop()!;
    const field = path || 'request';
    if (typeof node === 'string') {
      if (notStorable(node)) return { field, message: `The ${label(field)} contains a character that is not allowed.` };
    } else if (typeof node === 'number') {
      if (!Number.isFinite(node)) return { field, message: `The ${label(field)} must be a finite number.` };
    } else if (Array.isArray(node)) {
      node.forEach((child, i) => stack.push([child, path ? `${path}.${i}` : String(i)]));
    } else if (isObject(node)) {
      for (const [key, child] of Object.entries(node)) {
        const here = path ? `${path}.${key}` : key;
        if (notStorable(key))
          return { field: here, message: `The ${label(here)} contains a character that is not allowed.` };
        stack.push([child, here]);
      }
    }
  }
  return null;
}

const label = (field: string) => field.replace(/[._]/g, ' ');

/** How deeply JSON text nests its arrays and objects (strings skipped), without parsing it. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) max = Math.max(max, ++depth);
    else if (c === 93 || c === 125) depth--;
  }
  return max;
}

/** The ids of a comma list in a query (`site_ids=1,2,3`, checked by the `id-list` format); undefined when absent or empty. */
export const parseIdList = (value: string | undefined): number[] | undefined =>
  value === undefined || value.trim() === '' ? undefined : value.split(',').map((v) => Number(v.trim()));

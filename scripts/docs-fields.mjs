// The field tables of the docs, written from the contract's TypeBox schemas: every
// `<!-- fields:Name -->` … `<!-- /fields -->` block of a page under docs/ gets the table of the
// schema `Name` that `@lead/contract/api` exports (packages/contract/src/api/).
//
//   npm run docs:fields            writes the tables
//   npm run docs:fields -- --check changes nothing; exits 1 when a table differs from its schema,
//                                  names no exported schema, or a schema below has no table
//                                  (npm run lint runs this)
//
// Run with tsx (`node --import tsx`), which loads the contract's TypeScript sources.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as api from '../packages/contract/src/api/index.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const docs = join(root, 'docs');
const check = process.argv.includes('--check');

/** What outside systems read (partners' pages, webhook receivers): each must have a table in the docs. */
const PUBLISHED = [
  'LeadCreatedV1',
  'LeadTestV1',
  'PublicCampaignsSchema',
  'PublicEventBatchSchema',
  'PublicLeadSchema',
  'PublicOtpSchema',
  'VerdictItemSchema',
  'VerdictResultSchema',
];

const BLOCK = /<!-- fields:(\w+) -->\n[\s\S]*?<!-- \/fields -->/g;

/** A pipe inside a table cell, escaped (GitHub reads `\|` as a pipe in code spans too). */
const cell = (text) => String(text).replaceAll('|', '\\|').replaceAll('\n', ' ');
const code = (text) => `\`${text}\``;

/** A schema's type in words, with its limits: `string, 1–2048 characters`, `"a" or "b"`, `integer or null`. */
function typeOf(s) {
  if (s.anyOf) {
    const parts = s.anyOf.filter((x) => x.type !== 'null');
    const text = parts.every((x) => 'const' in x)
      ? parts.map((x) => code(JSON.stringify(x.const))).join(' or ')
      : parts.map((x) => (parts.length > 1 && typeOf(x).includes(',') ? `(${typeOf(x)})` : typeOf(x))).join(' or ');
    if (parts.length === s.anyOf.length) return text;
    return `${parts.length === 1 && text.includes(',') ? `(${text})` : text} or null`;
  }
  if ('const' in s) return code(JSON.stringify(s.const));
  const limits = [];
  const range = (min, max, unit) => {
    if (min !== undefined && max !== undefined) limits.push(`${min}–${max}${unit}`);
    else if (min !== undefined) limits.push(`at least ${min}${unit}`);
    else if (max !== undefined) limits.push(`at most ${max}${unit}`);
  };
  switch (s.type) {
    case 'string':
      range(s.minLength, s.maxLength, ' characters');
      if (s.pattern) limits.push(`matching ${code(s.pattern)}`);
      break;
    case 'integer':
    case 'number':
      range(s.minimum, s.maximum, '');
      break;
    case 'array':
      range(s.minItems, s.maxItems, ' items');
      if (s.items?.type === 'object') return ['array of objects (below)', ...limits].join(', ');
      return [
        `array of ${typeOf(s.items ?? {}).includes(',') ? `(${typeOf(s.items ?? {})})` : typeOf(s.items ?? {})}`,
        ...limits,
      ].join(', ');
    case 'object':
      if (s.patternProperties) {
        const [key, value] = Object.entries(s.patternProperties)[0];
        range(s.minProperties, s.maxProperties, ' keys');
        return [`object: keys matching ${code(key)}, each ${typeOf(value)}`, ...limits].join(', ');
      }
      return 'object (below)';
    case undefined:
      return 'any JSON';
  }
  return [s.type, ...limits].join(', ');
}

/** The description of a schema, or of the non-null side of a nullable one. */
const describe = (s) => s.description ?? s.anyOf?.find((x) => x.type !== 'null')?.description ?? '';

/** One row per field, nested objects' fields under `parent.child`, an array's items under `parent[].child`. */
function rows(schema, prefix = '') {
  const out = [];
  const required = new Set(schema.required ?? []);
  for (const [name, s] of Object.entries(schema.properties ?? {})) {
    const path = `${prefix}${name}`;
    out.push({ path, type: typeOf(s), required: required.has(name), meaning: describe(s) });
    const inner = s.anyOf?.find((x) => x.type !== 'null') ?? s;
    if (inner.type === 'object' && inner.properties) out.push(...rows(inner, `${path}.`));
    if (inner.type === 'array' && inner.items?.type === 'object' && inner.items.properties)
      out.push(...rows(inner.items, `${path}[].`));
  }
  return out;
}

/** The markdown table of a schema: a meaning column only when the schema describes its fields. */
function table(schema) {
  const all = rows(schema);
  const withMeaning = all.some((r) => r.meaning);
  const head = withMeaning
    ? '| field | type | required | meaning |\n|---|---|---|---|'
    : '| field | type | required |\n|---|---|---|';
  const lines = all.map(
    (r) =>
      `| ${code(r.path)} | ${cell(r.type)} | ${r.required ? 'yes' : 'no'} |${withMeaning ? ` ${cell(r.meaning)} |` : ''}`,
  );
  return [head, ...lines].join('\n');
}

const pages = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? pages(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : [],
  );

const problems = [];
const documented = new Set();
for (const page of pages(docs)) {
  const text = readFileSync(page, 'utf8');
  const name = relative(root, page);
  const next = text.replace(BLOCK, (block, schemaName) => {
    const schema = api[schemaName];
    if (!schema || typeof schema !== 'object' || schema.type !== 'object') {
      problems.push(`${name}: fields:${schemaName} names no object schema that @lead/contract/api exports`);
      return block;
    }
    documented.add(schemaName);
    return `<!-- fields:${schemaName} -->\n${table(schema)}\n<!-- /fields -->`;
  });
  if (next === text) continue;
  if (check) problems.push(`${name}: a field table differs from its schema (npm run docs:fields writes it)`);
  else {
    writeFileSync(page, next);
    console.log(`wrote ${name}`);
  }
}
for (const name of PUBLISHED)
  if (!documented.has(name)) problems.push(`${name}: no <!-- fields:${name} --> table under docs/`);

if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
if (check) console.log(`docs: the field tables of ${documented.size} schemas match the contract`);

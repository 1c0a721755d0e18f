import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';

/**
 * `virtual:lead-body-keys`: the keys of every write body's schema of the contract (`ClientBody`,
 * `UserBody`, …), read from the TypeBox schemas when the admin is built, so that the bundle carries
 * the keys and not TypeBox (about 12 KB gzipped on a settings route). Each key comes with whether
 * it is a nullable free text (a string without a pattern or format, or null), which a form holds
 * as ''. The admin's forms are filled from answers by these keys (src/lib/payload-of.ts).
 */
const ID = 'virtual:lead-body-keys';

interface Schema {
  type?: unknown;
  anyOf?: Schema[];
  pattern?: string;
  format?: string;
  properties?: Record<string, Schema>;
}

const isFreeText = (s: Schema): boolean => {
  const members = s.anyOf ?? [s];
  const text = members.some((m) => m.type === 'string' && m.pattern === undefined && m.format === undefined);
  return text && members.some((m) => m.type === 'null');
};

/**
 * Every `…Body` object schema's keys, each with whether it is a nullable free text. The contract
 * is TypeScript, read through tsx: the config that loads this plugin runs in Node as it is.
 */
export async function bodyKeys(): Promise<Record<string, Array<[string, boolean]>>> {
  const api = (await tsImport('@lead/contract/api', import.meta.url)) as Record<string, Schema | undefined>;
  const out: Record<string, Array<[string, boolean]>> = {};
  for (const [name, schema] of Object.entries(api))
    if (name.endsWith('Body') && schema?.type === 'object' && schema.properties)
      out[name] = Object.entries(schema.properties).map(([key, s]) => [key, isFreeText(s)]);
  return out;
}

export function bodyKeysPlugin(): Plugin {
  return {
    name: 'lead-body-keys',
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    load: async (id) => (id === `\0${ID}` ? `export default ${JSON.stringify(await bodyKeys())};` : undefined),
  };
}

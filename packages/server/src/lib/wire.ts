/**
 * Routes registered from the contract's route tables (`@lead/contract/api`): the method and URL
 * come from the table, and so do the request's schemas and the answers the route declares
 * (serialised with them, and checked against them in the tests: plugins/answer-check.ts).
 */
import type { RouteSpec } from '@lead/contract/api';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** true: the route comes from a contract route table; its answers must match their schemas exactly. */
    wire?: boolean;
  }
}

type Part = 'params' | 'querystring' | 'body' | 'response';
/** The schemas a route table's entry declares, as Fastify's `schema` option takes them (typed for the handler). */
export type WireSchema<R extends RouteSpec> = Pick<R, Extract<keyof R, Part>>;

/** `spec`'s URL under `prefix`, for `app.get`/`app.post`… (which keep the schemas' types for the handler); `method` must be the table's. */
export function wirePath<R extends RouteSpec>(spec: R, method: R['method'], prefix: string): string {
  if (spec.method !== method || !spec.url.startsWith(prefix))
    throw new Error(`${method} ${spec.url} is not the table's route under ${prefix}`);
  return spec.url.slice(prefix.length);
}

/** `spec`'s request and answer schemas, for the `schema` option of `app.get`/`app.post`…, beside `wirePath`. */
export function wireSchema<R extends RouteSpec>(spec: R): WireSchema<R> {
  const out: Partial<Record<Part, unknown>> = {};
  for (const part of ['params', 'querystring', 'body', 'response'] as const) if (spec[part]) out[part] = spec[part];
  return out as WireSchema<R>;
}

/** `spec`'s method, URL under `prefix` (where its plugin is registered) and declared answers. */
export function wireRoute<R extends RouteSpec>(spec: R, prefix: string) {
  if (!spec.url.startsWith(prefix)) throw new Error(`${spec.url} is not under ${prefix}`);
  return {
    method: spec.method,
    url: spec.url.slice(prefix.length),
    schema: spec.response ? { response: spec.response } : {},
  };
}

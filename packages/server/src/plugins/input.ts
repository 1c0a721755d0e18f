import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, badRequest } from '../lib/http-error.js';
import { badValue, hardenSchema, jsonDepth } from '../lib/input.js';

/** JSON bodies nest at most this deep; ours nest five levels. */
const MAX_JSON_DEPTH = 32;

export interface RouteEntry {
  method: string;
  url: string;
  /** The route's request schemas, as hardened (for the hostile-input tests and the docs). */
  schema: { body?: unknown; querystring?: unknown; params?: unknown };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after this plugin, in order. */
    routeTable: RouteEntry[];
  }
}

/**
 * The gate every request passes before its handler: request schemas are
 * tightened as routes are declared (unknown fields refused, integers, strings
 * and arrays bounded), JSON nests only so deep, and any path, query or body
 * value that PostgreSQL cannot store (a NUL character, a lone surrogate, a
 * number that is not finite) is refused with 422 naming the field.
 */
export default fp(async function input(app: FastifyInstance) {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);

  app.addHook('onRoute', (route) => {
    const schema = (route.schema ?? {}) as RouteEntry['schema'];
    for (const part of [schema.body, schema.querystring, schema.params]) hardenSchema(part);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') table.push({ method, url: route.url, schema });
    }
  });

  // After validation, so that what ajv coerced (a query's "Infinity") is checked as it will be used.
  app.addHook('preHandler', async (request) => {
    for (const value of [request.params, request.query, request.body]) {
      const bad = badValue(value);
      if (bad) throw HttpError.validation({ [bad.field]: [bad.message] }, bad.message);
    }
  });

  // JSON as Fastify parses it (prototype poisoning refused), after a cheap check of its nesting.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
    const body = String(raw);
    if (jsonDepth(body) > MAX_JSON_DEPTH) {
      done(badRequest(`The request nests deeper than ${MAX_JSON_DEPTH} levels.`), undefined);
      return;
    }
    parseJson(request, body, done);
  });
});

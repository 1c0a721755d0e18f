/**
 * The tests' check of the wire (buildApp's `checkAnswers`): every answer of a route registered from
 * the contract (`config.wire`) must match the schema it declares for its status exactly, no key
 * more (which Fastify would silently drop) and none less. A mismatch is answered 500 and written
 * to stderr, so any test calling the route fails on the drift.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';

/** The schema with every object closed: a key it does not name is an error. */
export function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) out[k] = k === 'const' || k === 'default' || k === 'examples' ? v : closed(v);
  if (out.type === 'object' && out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

/** What is wrong with `answer`, as JSON would carry it, against a `closed()` schema; empty when it matches. */
export function answerErrors(strict: TSchema, answer: unknown): string[] {
  const value: unknown = answer === undefined ? undefined : JSON.parse(JSON.stringify(answer));
  return Value.Errors(strict, value).map(
    (e) => `${e.instancePath || '/'} ${e.message}${e.keyword === 'additionalProperties' ? ` (${JSON.stringify(e.params)})` : ''}`,
  );
}

export default fp(async function answerCheck(app: FastifyInstance) {
  const schemas = new WeakMap<object, TSchema>();
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (!request.routeOptions.config.wire) return payload;
    const response = request.routeOptions.schema?.response as Record<number, TSchema> | undefined;
    const schema = response?.[reply.statusCode];
    if (!schema) return payload;
    let strict = schemas.get(schema);
    if (!strict) schemas.set(schema, (strict = closed(schema) as TSchema));
    const errors = answerErrors(strict, payload);
    if (!errors.length) return payload;
    const message = `The answer of ${request.method} ${request.routeOptions.url} (${reply.statusCode}) does not match its schema: ${errors.join('; ')}`;
    console.error(message);
    throw new Error(message);
  });
});

/**
 * The tests' check of the wire (buildApp's `checkAnswers`): every answer of a route registered from
 * the contract (`config.wire`) must match the schema it declares for its status exactly, no key
 * more (which Fastify would silently drop) and none less. A mismatch is answered 500 and written
 * to stderr, so any test calling the route fails on the drift. Refusals (4xx, 5xx) are checked too,
 * against the route's declared error answer or else the contract's `ErrorEnvelope`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { ErrorEnvelope } from '@lead/contract/api';

/** The schema with every object closed: a key it does not name is an error. */
export function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema))
    out[k] = k === 'const' || k === 'default' || k === 'examples' ? v : closed(v);
  if (out.type === 'object' && out.properties && out.additionalProperties === undefined)
    out.additionalProperties = false;
  return out;
}

/** What is wrong with `answer`, as JSON would carry it, against a `closed()` schema; empty when it matches. */
export function answerErrors(strict: TSchema, answer: unknown): string[] {
  const value: unknown = answer === undefined ? undefined : JSON.parse(JSON.stringify(answer));
  return Value.Errors(strict, value).map(
    (e) =>
      `${e.instancePath || '/'} ${e.message}${e.keyword === 'additionalProperties' ? ` (${JSON.stringify(e.params)})` : ''}`,
  );
}

type Answers = Readonly<Record<number | string, TSchema>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Present with the check (tests only). `alter`: for the tests of the check, changes each answer of a contract route before it is checked and sent. */
    answerCheck?: { alter: ((answer: unknown) => unknown) | null };
  }
}

/**
 * The schema an answer with `status` must match: the route's for that code, else for its range
 * ('4xx'), else for an error the contract's `ErrorEnvelope` (every route's refusals are that envelope).
 */
export function declaredAnswer(response: Answers | undefined, status: number): TSchema | undefined {
  return (
    response?.[status] ?? response?.[`${Math.floor(status / 100)}xx`] ?? (status >= 400 ? ErrorEnvelope : undefined)
  );
}

export default fp(async function answerCheck(app: FastifyInstance) {
  const schemas = new WeakMap<object, TSchema>();
  /** The requests whose answer was checked before serialisation. */
  const checked = new WeakSet<FastifyRequest>();
  const state: NonNullable<FastifyInstance['answerCheck']> = { alter: null };
  app.decorate('answerCheck', state);

  function check(request: FastifyRequest, reply: FastifyReply, answer: unknown): void {
    const schema = declaredAnswer(request.routeOptions.schema?.response as Answers | undefined, reply.statusCode);
    if (!schema) return;
    let strict = schemas.get(schema);
    if (!strict) schemas.set(schema, (strict = closed(schema) as TSchema));
    const errors = answerErrors(strict, answer);
    if (!errors.length) return;
    const message = `The answer of ${request.method} ${request.routeOptions.url} (${reply.statusCode}) does not match its schema: ${errors.join('; ')}`;
    console.error(message);
    // A 500 whatever the status was: a refusal that drifted must not pass for the refusal.
    throw Object.assign(new Error(message), { statusCode: 500 });
  }

  app.addHook('preSerialization', async (request, reply, payload) => {
    if (!request.routeOptions.config.wire) return payload;
    checked.add(request);
    const answer = state.alter ? state.alter(payload) : payload;
    check(request, reply, answer);
    return answer;
  });

  // An answer sent as ready JSON text (the public campaigns, written once per cache fill) skips
  // serialisation: it is read back and checked here, when it goes uncompressed.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.routeOptions.config.wire || checked.has(request) || typeof payload !== 'string') return payload;
    if (reply.getHeader('content-encoding') || !/json/.test(String(reply.getHeader('content-type') ?? '')))
      return payload;
    if (!state.alter) {
      check(request, reply, JSON.parse(payload));
      return payload;
    }
    const answer = state.alter(JSON.parse(payload));
    check(request, reply, answer);
    return JSON.stringify(answer);
  });
});

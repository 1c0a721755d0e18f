import Fastify from 'fastify';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '@lead/contract/api';
import answerCheck from './answer-check.js';

const Answer = Type.Object({
  _status: Type.Literal(1),
  data: Type.Object({ id: Type.Integer(), note: Type.Optional(Type.String()) }),
});

/** A contract route (config.wire) answering `answer`, and the same answer from a route outside the contract. */
async function appAnswering(answer: unknown) {
  const app = Fastify({ logger: false });
  await app.register(answerCheck);
  const schema = { response: { 200: Answer } };
  app.get('/wire', { schema, config: { wire: true } }, async () => answer);
  app.get('/other', { schema }, async () => answer);
  return app;
}

describe('the answer check (tests only)', () => {
  it('lets an answer that matches its schema through', async () => {
    const app = await appAnswering({ _status: 1, data: { id: 3 } });
    const res = await app.inject('/wire');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ _status: 1, data: { id: 3 } });
  });

  it('fails an answer carrying a key its schema lacks (which Fastify would drop), at any depth', async () => {
    for (const answer of [
      { _status: 1, data: { id: 3 }, extra: true },
      { _status: 1, data: { id: 3, is_sponsor: true } },
    ]) {
      const app = await appAnswering(answer);
      expect((await app.inject('/wire')).statusCode).toBe(500);
      // Outside the contract, Fastify's own serialiser still drops the key silently.
      const other = await app.inject('/other');
      expect(other.statusCode).toBe(200);
      expect(other.json()).toEqual({ _status: 1, data: { id: 3 } });
    }
  });

  it('fails an answer lacking a key its schema declares, or of the wrong type', async () => {
    for (const answer of [{ _status: 1 }, { _status: 1, data: {} }, { _status: 1, data: { id: '3' } }]) {
      const app = await appAnswering(answer);
      expect((await app.inject('/wire')).statusCode).toBe(500);
    }
  });

  it("checks a refusal against the route's error answer, or else the ErrorEnvelope", async () => {
    const envelope = { _status: -1, _data: null, _messages: ['Not found.'], message: 'Not found.' };
    for (const [declared, answer, status] of [
      [{ 200: Answer, '4xx': ErrorEnvelope }, envelope, 404],
      [{ 200: Answer }, envelope, 404],
      [{ 200: Answer, '4xx': ErrorEnvelope }, { ...envelope, stack: 'at …' }, 500],
      [{ 200: Answer }, { ...envelope, stack: 'at …' }, 500],
      [{ 200: Answer }, { _status: -1, _data: null, message: 'Not found.' }, 500],
    ] as const) {
      const app = Fastify({ logger: false });
      await app.register(answerCheck);
      app.get('/wire', { schema: { response: declared }, config: { wire: true } }, async (_request, reply) =>
        reply.code(404).send(answer),
      );
      expect((await app.inject('/wire')).statusCode).toBe(status);
    }
  });

  it('reads an answer sent as ready JSON text back against its schema', async () => {
    for (const [text, status] of [
      ['{"_status":1,"data":{"id":3}}', 200],
      ['{"_status":1,"data":{"id":3,"extra":1}}', 500],
      ['{"_status":1,"data":{}}', 500],
    ] as const) {
      const app = Fastify({ logger: false });
      await app.register(answerCheck);
      app.get('/wire', { schema: { response: { 200: Answer } }, config: { wire: true } }, async (_request, reply) =>
        reply.type('application/json; charset=utf-8').send(text),
      );
      expect((await app.inject('/wire')).statusCode).toBe(status);
    }
  });
});

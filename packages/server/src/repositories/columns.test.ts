import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { answerColumns, bodyColumns, emailOrNull, pick } from './columns.js';

const Body = Type.Object({
  name: Type.String(),
  title: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  email: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  currency: Type.Optional(Type.String()),
  retention_months: Type.Optional(Type.Unsafe<number | null>({})),
  site_ids: Type.Array(Type.Integer()),
});
const write = bodyColumns('clients', Body, { relations: ['site_ids'], normalise: { email: emailOrNull } });

describe('bodyColumns', () => {
  it('writes only what the body sends: an absent key is left out (unchanged on update, the default on insert)', () => {
    expect(write({ name: 'Acme', site_ids: [1] })).toEqual({ name: 'Acme' });
  });

  it("trims text, writes '' as null where the schema allows null, and applies a field's normaliser", () => {
    expect(
      write({
        name: ' Acme ',
        title: '  ',
        email: ' A@B.TEST ',
        currency: ' USD',
        retention_months: null,
        site_ids: [],
      }),
    ).toEqual({ name: 'Acme', title: null, email: 'a@b.test', currency: 'USD', retention_months: null });
    expect(write({ name: '', title: null, site_ids: [] })).toEqual({ name: '', title: null });
  });

  it('names a body key that has no column, and a key whose value its column cannot take', () => {
    // @ts-expect-error `nope` has no column in clients: the type error names it
    bodyColumns('clients', Type.Object({ name: Type.String(), nope: Type.String() }), {});
    // @ts-expect-error clients.name is text: an array needs a normaliser
    bodyColumns('clients', Type.Object({ name: Type.Array(Type.String()) }), {});
    expect(
      bodyColumns('clients', Type.Object({ name: Type.Array(Type.String()) }), {
        normalise: { name: (parts) => parts.join(' ') },
      })({ name: ['A', 'B'] }),
    ).toEqual({ name: 'A B' });
  });
});

describe('answerColumns', () => {
  it("lists the answer's keys but the computed ones, and names a key without a column", () => {
    const Answer = Type.Object({ id: Type.Integer(), name: Type.String(), manager_name: Type.String() });
    const keys = answerColumns('clients', Answer, ['manager_name']);
    expect(keys).toEqual(['id', 'name']);
    expect(pick({ id: 1, name: 'A', extra: true }, keys)).toEqual({ id: 1, name: 'A' });
    // @ts-expect-error manager_name is not a column of clients
    answerColumns('clients', Answer);
  });
});

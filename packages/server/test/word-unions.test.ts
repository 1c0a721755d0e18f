import { describe, expect, it } from 'vitest';
import { wordUnions, type CheckedColumn } from '../scripts/word-unions.js';

const column = (definition: string, over: Partial<CheckedColumn> = {}): CheckedColumn => ({
  table: 'deliveries',
  column: 'state',
  definition,
  nullable: false,
  has_default: false,
  ...over,
});

describe('wordUnions: a CHECK list of words becomes the column type', () => {
  it.each([
    ['a list of words', column("CHECK ((state = ANY (ARRAY['pending'::text, 'sent'::text])))"), "'pending' | 'sent'"],
    [
      'with a default',
      column("CHECK ((state = ANY (ARRAY['a'::text, 'b'::text])))", { has_default: true }),
      "Generated<'a' | 'b'>",
    ],
    [
      'nullable',
      column("CHECK ((state = ANY (ARRAY['csv'::text, 'xlsx'::text])))", { nullable: true }),
      "'csv' | 'xlsx' | null",
    ],
  ])('%s', (_, c, type) => {
    expect(wordUnions([c])).toEqual({ 'deliveries.state': type });
  });

  it.each([
    ['numbers', column('CHECK ((state = ANY (ARRAY[0, 1])))')],
    ['a range', column('CHECK (((state >= 1) AND (state <= 12)))')],
    ['a pattern', column("CHECK ((state ~ '^[A-Z]{3}$'::text))")],
    ['another column', column("CHECK ((kind = ANY (ARRAY['a'::text])))")],
  ])('leaves %s to the column type', (_, c) => {
    expect(wordUnions([c])).toEqual({});
  });
});

import { describe, expect, it } from 'vitest';
import { decideVerdict, verdictError, type PastVerdict, type VerdictInput, type VerdictLead } from './verdicts.js';
import { billableLeads } from './billing.js';

const DAY = 86_400_000;
const capturedAt = new Date('2026-11-01T10:00:00Z');
const lead = (over: Partial<VerdictLead> = {}): VerdictLead => ({
  capturedAt,
  duplicate: false,
  windowDays: 7,
  ...over,
});
const at = (days: number) => new Date(capturedAt.getTime() + days * DAY);
const reject: VerdictInput = { verdict: 'rejected', reason: 'fake' };
const accept: VerdictInput = { verdict: 'accepted' };
const past = (verdict: PastVerdict['verdict'], credited: boolean): PastVerdict => ({
  verdict,
  reason: verdict === 'rejected' ? 'fake' : null,
  credited,
});

describe('decideVerdict', () => {
  it.each([
    ['a first rejection within the window is credited', reject, null, lead(), at(6.9), 'recorded', true, [0, 1, 1]],
    ['a rejection on the window’s last instant is credited', reject, null, lead(), at(7), 'recorded', true, [0, 1, 1]],
    [
      'a first rejection after the window is recorded, not credited',
      reject,
      null,
      lead(),
      at(8),
      'recorded',
      false,
      [0, 1, 0],
    ],
    [
      'a duplicate’s rejection credits nothing',
      reject,
      null,
      lead({ duplicate: true }),
      at(1),
      'recorded',
      false,
      [0, 1, 0],
    ],
    ['a client’s own window counts', reject, null, lead({ windowDays: 30 }), at(20), 'recorded', true, [0, 1, 1]],
    ['a first acceptance', accept, null, lead(), at(1), 'recorded', false, [1, 0, 0]],
    [
      'accepted, then rejected within the window',
      reject,
      past('accepted', false),
      lead(),
      at(2),
      'recorded',
      true,
      [-1, 1, 1],
    ],
    [
      'rejected, then accepted: the credit is taken back',
      accept,
      past('rejected', true),
      lead(),
      at(2),
      'recorded',
      false,
      [1, -1, -1],
    ],
  ] as const)('%s', (_, input, before, l, now, result, credited, [accepted, rejected, credit]) => {
    const d = decideVerdict(input, before, l, now);
    expect(d).toEqual({ result, credited, counts: { accepted, rejected, credited: credit } });
  });

  it('the same verdict again changes nothing, inside or after the window', () => {
    expect(decideVerdict(reject, past('rejected', true), lead(), at(1))).toEqual({
      result: 'unchanged',
      credited: true,
    });
    expect(decideVerdict(reject, past('rejected', true), lead(), at(30))).toEqual({
      result: 'unchanged',
      credited: true,
    });
  });

  it('a verdict given is final once the window has closed', () => {
    expect(decideVerdict(accept, past('rejected', true), lead(), at(8))).toEqual({
      result: 'window_closed',
      credited: true,
    });
  });

  it('another reason is a change', () => {
    const d = decideVerdict({ verdict: 'rejected', reason: 'unreachable' }, past('rejected', true), lead(), at(1));
    expect(d).toEqual({ result: 'recorded', credited: true, counts: { accepted: 0, rejected: 0, credited: 0 } });
  });
});

describe('verdictError', () => {
  it.each([
    [{ verdict: 'rejected' }, /needs a reason/],
    [{ verdict: 'rejected', reason: 'spam' }, /needs a reason: one of wrong_number/],
    [{ verdict: 'accepted', reason: 'fake' }, /takes no reason/],
  ] as const)('%j is refused', (input, message) => {
    expect(verdictError(input as VerdictInput)).toMatch(message);
  });

  it.each([
    [{ verdict: 'rejected', reason: 'wrong_number' }],
    [{ verdict: 'accepted' }],
    [{ verdict: 'accepted', reason: null }],
  ])('%j is taken', (input) => expect(verdictError(input as VerdictInput)).toBeNull());
});

describe('billableLeads with credits', () => {
  it('drops duplicates and credited rejections, never below zero', () => {
    expect(billableLeads(10, 2, 3)).toBe(5);
    expect(billableLeads(10, 2)).toBe(8);
    expect(billableLeads(1, 1, 1)).toBe(0);
  });
});

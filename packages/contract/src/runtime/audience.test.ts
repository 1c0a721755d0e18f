import { describe, expect, it } from 'vitest';
import {
  ANY_AUDIENCE,
  audienceError,
  audienceRefusal,
  capReached,
  inShare,
  sourceMatches,
  type Audience,
} from './audience.js';
import type { Visit } from './visit.js';

const NOW = Date.UTC(2026, 10, 23, 3, 0); // 10:00 in Ho Chi Minh City
const visit = (over: Partial<Visit> = {}): Visit => ({ a: NOW - 60_000, t: NOW, n: 1, r: {}, ...over });
const audience = (over: Partial<Audience> = {}): Audience => ({ ...ANY_AUDIENCE, ...over });

describe('sourceMatches', () => {
  it.each([
    [{ field: 'utm_source', op: 'equals', value: 'Zalo ' }, { utm_source: 'zalo' }, true],
    [{ field: 'utm_source', op: 'equals', value: 'zalo' }, { utm_source: 'zalo-ads' }, false],
    [{ field: 'utm_source', op: 'contains', value: 'zalo' }, { utm_source: 'zalo-ads' }, true],
    [{ field: 'utm_campaign', op: 'contains', value: 'tet' }, { utm_source: 'tet' }, false],
    [{ field: 'referrer_host', op: 'contains', value: 'google.' }, { referrer_host: 'www.google.com' }, true],
    [{ field: 'referrer_host', op: 'equals', value: 'google.com' }, {}, false],
  ] as const)('%j on %j: %s', (condition, source, expected) => {
    expect(sourceMatches(condition, source)).toBe(expected);
  });
});

describe('audienceRefusal', () => {
  const zalo = { field: 'utm_source', op: 'equals', value: 'zalo' } as const;
  it.each([
    ['no audience: as before', undefined, visit(), null],
    ['any audience', audience(), visit(), null],
    ['a source that holds', audience({ sources: [zalo] }), visit({ r: { utm_source: 'zalo' } }), null],
    ['a source that does not', audience({ sources: [zalo] }), visit({ r: { utm_source: 'facebook' } }), 'source'],
    ['a source and no visit yet', audience({ sources: [zalo] }), undefined, 'source'],
    [
      'every source condition must hold',
      audience({ sources: [zalo, { field: 'utm_medium', op: 'equals', value: 'social' }] }),
      visit({ r: { utm_source: 'zalo' } }),
      'source',
    ],
    ['new visitors: a new one', audience({ visitor: 'new' }), visit(), null],
    ['new visitors: a returning one', audience({ visitor: 'new' }), visit({ b: 1 }), 'visitor'],
    ['returning visitors: a new one', audience({ visitor: 'returning' }), visit(), 'visitor'],
    ['returning visitors: a returning one', audience({ visitor: 'returning' }), visit({ b: 1 }), null],
    ['at least 2 pages: the first', audience({ minPages: 2 }), visit({ n: 1 }), 'pages'],
    ['at least 2 pages: the second', audience({ minPages: 2 }), visit({ n: 2 }), null],
    ['100 %', audience({ percent: 100 }), visit(), null],
  ] as const)('%s', (_, a, v, expected) => {
    expect(audienceRefusal(a, 'LD-1', 'visitor-1', v)).toBe(expected);
  });

  it('shows a percentage of visitors, the same ones every time, chosen per campaign', () => {
    const ids = Array.from({ length: 2000 }, (_, i) => `visitor-${i}`);
    const shown = ids.filter((id) => audienceRefusal(audience({ percent: 30 }), 'LD-1', id, visit()) === null);
    expect(shown.length / ids.length).toBeGreaterThan(0.26);
    expect(shown.length / ids.length).toBeLessThan(0.34);
    // Stable: the same visitors on every page view.
    expect(ids.filter((id) => inShare('LD-1', id, 30))).toEqual(shown);
    // Another campaign draws other visitors.
    expect(ids.filter((id) => inShare('LD-2', id, 30))).not.toEqual(shown);
    // A refused visitor is refused for its share.
    const out = ids.find((id) => !shown.includes(id))!;
    expect(audienceRefusal(audience({ percent: 30 }), 'LD-1', out, visit())).toBe('percent');
  });
});

describe('capReached', () => {
  const MIN = 60_000;
  it.each([
    ['no cap', undefined, [NOW - MIN], null],
    ['nothing shown yet', { visit: 1 }, [], null],
    ['one a visit, one shown in it', { visit: 1 }, [NOW - 30_000], 'cap_visit'],
    ['one a visit, one shown before it', { visit: 1 }, [NOW - 5 * MIN], null],
    ['two a visit, one shown', { visit: 2 }, [NOW - 30_000], null],
    ['two a day, two today', { day: 2 }, [NOW - 5 * MIN, NOW - 3 * 3600_000], 'cap_day'],
    ['two a day, one yesterday', { day: 2 }, [NOW - 5 * MIN, NOW - 11 * 3600_000], null],
  ] as const)('%s', (_, cap, shown, expected) => {
    expect(capReached(cap, shown, visit(), NOW, '10:00')).toBe(expected);
  });

  it('counts the last 24 hours when the site zone is unknown', () => {
    expect(capReached({ day: 1 }, [NOW - 20 * 3600_000], visit(), NOW, '')).toBe('cap_day');
    expect(capReached({ day: 1 }, [NOW - 25 * 3600_000], visit(), NOW, '')).toBeNull();
  });
});

describe('audienceError', () => {
  it('accepts none and a valid audience', () => {
    expect(audienceError(undefined)).toBeNull();
    expect(audienceError(null)).toBeNull();
    expect(
      audienceError({
        v: 1,
        sources: [{ field: 'referrer_host', op: 'contains', value: 'google' }],
        visitor: 'returning',
        minPages: 3,
        percent: 50,
      }),
    ).toBeNull();
  });

  it.each([
    ['a list', [], 'The audience must be an object.'],
    ['another version', { ...ANY_AUDIENCE, v: 2 }, 'The audience must be version 1 (v: 1).'],
    ['an unknown setting', { ...ANY_AUDIENCE, extra: 1 }, 'The audience has no setting extra.'],
    [
      'an unknown field',
      { ...ANY_AUDIENCE, sources: [{ field: 'gclid', op: 'equals', value: 'x' }] },
      'Source condition 1: the field must be one of utm_source, utm_medium, utm_campaign, utm_term, utm_content, referrer_host.',
    ],
    [
      'an unknown comparison',
      { ...ANY_AUDIENCE, sources: [{ field: 'utm_source', op: 'starts', value: 'x' }] },
      'Source condition 1: compare with equals or contains.',
    ],
    [
      'an empty value',
      { ...ANY_AUDIENCE, sources: [{ field: 'utm_source', op: 'equals', value: ' ' }] },
      'Source condition 1: enter a value.',
    ],
    [
      'a long value',
      { ...ANY_AUDIENCE, sources: [{ field: 'utm_source', op: 'equals', value: 'x'.repeat(201) }] },
      'Source condition 1: the value is at most 200 characters.',
    ],
    ['another visitor', { ...ANY_AUDIENCE, visitor: 'old' }, 'The visitor must be any, new or returning.'],
    ['0 pages', { ...ANY_AUDIENCE, minPages: 0 }, 'Pages read in this visit must be a whole number from 1 to 100.'],
    ['a share of 0', { ...ANY_AUDIENCE, percent: 0 }, 'The share of visitors must be a whole number from 1 to 100.'],
    [
      'a share of 100.5',
      { ...ANY_AUDIENCE, percent: 100.5 },
      'The share of visitors must be a whole number from 1 to 100.',
    ],
  ])('refuses %s', (_, value, message) => {
    expect(audienceError(value)).toBe(message);
  });
});

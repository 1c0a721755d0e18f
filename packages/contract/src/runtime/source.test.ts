import { describe, expect, it } from 'vitest';
import { MAX_SOURCE_LENGTH, readSource, tagged, withoutTracking } from './source.js';

describe('readSource', () => {
  it('reads the tags and click ids of the address and the host of another site that referred', () => {
    expect(
      readSource(
        'https://bacsi-online.vn/heart/?utm_source=zalo&utm_medium=social&utm_campaign=tet&utm_term=tim&utm_content=a&gclid=G1&fbclid=F1&ttclid=T1&q=1',
        'https://www.google.com/search?q=heart+pain&client=me',
      ),
    ).toEqual({
      referrer_host: 'www.google.com',
      utm_source: 'zalo',
      utm_medium: 'social',
      utm_campaign: 'tet',
      utm_term: 'tim',
      utm_content: 'a',
      gclid: 'G1',
      fbclid: 'F1',
      ttclid: 'T1',
    });
  });

  it('keeps only the host of the referrer, never its path or query', () => {
    const s = readSource('https://bacsi-online.vn/a', 'https://news.example.com/private/page?user=42');
    expect(s).toEqual({ referrer_host: 'news.example.com' });
  });

  it("ignores the site's own pages as a referrer, with or without www.", () => {
    expect(readSource('https://bacsi-online.vn/a', 'https://www.bacsi-online.vn/b')).toEqual({});
    expect(readSource('https://bacsi-online.vn/a', '')).toEqual({});
  });

  it('cuts long values, drops control characters and empty ones', () => {
    const long = 'x'.repeat(500);
    const s = readSource(`https://bacsi-online.vn/a?utm_source=${long}&utm_medium=%0A%0D&utm_term=%20a%09b%20`, '');
    expect(s.utm_source).toHaveLength(MAX_SOURCE_LENGTH);
    expect(s).not.toHaveProperty('utm_medium');
    expect(s.utm_term).toBe('ab');
  });

  it('reads nothing of an address it cannot parse', () => {
    expect(readSource('not a url', 'https://google.com/')).toEqual({});
  });
});

describe('tagged and withoutTracking', () => {
  it('says whether a source carries a tag or click id (a referrer alone does not)', () => {
    expect(tagged({ referrer_host: 'google.com' })).toBe(false);
    expect(tagged({ gclid: 'x' })).toBe(true);
    expect(tagged({})).toBe(false);
  });

  it('drops only the tracking parameters, keeping the order of the rest and the fragment', () => {
    expect(withoutTracking('https://a.vn/p?b=1&utm_source=z&a=2#x')).toBe('https://a.vn/p?b=1&a=2#x');
    expect(withoutTracking('https://a.vn/p?utm_source=z#x')).toBe('https://a.vn/p#x');
    expect(withoutTracking('https://a.vn/p#x?utm_source=z')).toBe('https://a.vn/p#x?utm_source=z');
    expect(withoutTracking('https://a.vn/p')).toBe('https://a.vn/p');
  });
});

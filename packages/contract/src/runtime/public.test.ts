import { describe, expect, it } from 'vitest';
import { abArm, comparableLink, fnv1a32, pageMatches } from './public.js';
import { validateValues } from './values.js';
import { RUNTIME_LANGS, RUNTIME_MESSAGES } from './index.js';

describe('comparableLink', () => {
  it('ignores scheme, port, www., fragment and a trailing slash, and case', () => {
    for (const raw of [
      'https://www.Bacsi-Online.vn:8443/heart/#top',
      'http://bacsi-online.vn/heart',
      'bacsi-online.vn/heart/',
    ]) {
      expect(comparableLink(raw)).toBe('bacsi-online.vn/heart');
    }
    expect(comparableLink('https://bacsi-online.vn/tim-mạch/')).toBe('bacsi-online.vn/tim-m%E1%BA%A1ch');
    expect(comparableLink('https://bacsi-online.vn/tim-m%E1%BA%A1ch/')).toBe('bacsi-online.vn/tim-m%E1%BA%A1ch');
    expect(comparableLink('https://bacsi-online.vn/a/?q=1')).toBe('bacsi-online.vn/a?q=1');
    // The demo partner pages.
    expect(comparableLink('http://bacsi-online.vn.localhost:8080/heart/')).toBe('bacsi-online.vn/heart');
  });

  it('drops the tracking parameters (utm_*, gclid, fbclid, ttclid) and keeps the rest of the query', () => {
    expect(comparableLink('https://bacsi-online.vn/article?utm_source=zalo&fbclid=IwAR0x')).toBe(
      'bacsi-online.vn/article',
    );
    expect(comparableLink('https://bacsi-online.vn/article/?UTM_Medium=social&gclid=1&ttclid=2#top')).toBe(
      'bacsi-online.vn/article',
    );
    expect(comparableLink('https://bacsi-online.vn/a?q=1&utm_campaign=x&p=2')).toBe('bacsi-online.vn/a?q=1&p=2');
    // Only whole parameter names: `utm` alone and `xgclid` are the page's own.
    expect(comparableLink('https://bacsi-online.vn/a?utm=1&xgclid=2')).toBe('bacsi-online.vn/a?utm=1&xgclid=2');
  });
});

describe('pageMatches', () => {
  const c = {
    links: [
      {
        option: 'start_with' as const,
        target: 'https://bacsi-online.vn/heart/',
        exclude: [{ option: 'exact_match' as const, value: 'https://bacsi-online.vn/heart/about/' }],
      },
      { option: 'exact_match' as const, target: 'https://bacsi-online.vn/diabetes/', exclude: [] },
    ],
    tags: ['Sleep'],
  };
  it('matches start_with and exact_match links, exclusions winning', () => {
    expect(pageMatches(c, 'https://www.bacsi-online.vn/heart/article-1/', [])).toBe(true);
    expect(pageMatches(c, 'http://bacsi-online.vn:8080/heart', [])).toBe(true);
    expect(pageMatches(c, 'https://bacsi-online.vn/heart/about/#x', [])).toBe(false);
    expect(pageMatches(c, 'https://bacsi-online.vn/heart/about/more/', [])).toBe(true);
    expect(pageMatches(c, 'https://bacsi-online.vn/diabetes', [])).toBe(true);
    expect(pageMatches(c, 'https://bacsi-online.vn/diabetes/type-2/', [])).toBe(false);
    expect(pageMatches(c, 'https://mebau.vn/heart/', [])).toBe(false);
    // An exact link matches its page whatever tracking parameters the visitor's link carries.
    expect(pageMatches(c, 'https://bacsi-online.vn/diabetes?utm_source=zalo&fbclid=IwAR0x', [])).toBe(true);
    expect(pageMatches(c, 'https://bacsi-online.vn/diabetes?page=2&utm_source=zalo', [])).toBe(false);
  });
  it('matches a page tag, whatever its case and spaces', () => {
    expect(pageMatches(c, 'https://bacsi-online.vn/other/', [' sleep '])).toBe(true);
    expect(pageMatches(c, 'https://bacsi-online.vn/other/', ['heart'])).toBe(false);
  });
});

describe('abArm', () => {
  it('is FNV-1a 32 as GrowthBook computes it', () => {
    // Reference values of the 32-bit FNV-1a function.
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });
  it('gives a visitor the same arm every time, and splits visitors about evenly', () => {
    expect(abArm('LD-TEST', 'visitor-1', 3)).toBe(abArm('LD-TEST', 'visitor-1', 3));
    const counts = [0, 0, 0];
    for (let i = 0; i < 3000; i++) counts[abArm('LD-TEST', `v${i}`, 3)]! += 1;
    for (const n of counts) expect(n).toBeGreaterThan(850);
    // Another test splits the same visitors differently.
    const same = Array.from({ length: 200 }, (_, i) => abArm('LD-A', `v${i}`, 2) === abArm('LD-B', `v${i}`, 2)).filter(
      Boolean,
    ).length;
    expect(same).toBeLessThan(150);
  });
});

describe('the message catalogue', () => {
  it('has every message in every language of the sites', () => {
    const keys = Object.keys(RUNTIME_MESSAGES.en).sort();
    for (const lang of RUNTIME_LANGS) {
      expect(Object.keys(RUNTIME_MESSAGES[lang]).sort(), lang).toEqual(keys);
      for (const key of ['required', 'number'] as const)
        expect(RUNTIME_MESSAGES[lang][key], `${lang}.${key}`).toContain('{label}');
    }
  });
  it("checks answers in the site's language", () => {
    const forms = [{ name: 'Email' as const, id: 1, data: { value: 'email', placeholder: 'Email', required: true } }];
    expect(validateValues(forms, {}, 'th')).toEqual({ email: 'กรุณากรอกEmail' });
    expect(validateValues(forms, { email: 'x' }, 'id')).toEqual({ email: 'Masukkan alamat email yang valid.' });
    expect(validateValues(forms, { email: 'x' })).toEqual({ email: 'Please enter a valid email address.' });
  });
});

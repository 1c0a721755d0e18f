import { describe, expect, it } from 'vitest';
import { readVerdictLink, signVerdictLink } from './verdict-links.js';

const SECRET = 'a test secret';
const link = { fileId: 7, clientId: 3, expiresAt: new Date('2026-12-31T00:00:00Z') };
const before = new Date('2026-12-01T00:00:00Z');
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('readVerdictLink', () => {
  it('reads back the link it signed', () => {
    expect(readVerdictLink(SECRET, signVerdictLink(SECRET, link), before)).toEqual(link);
  });

  it('refuses every other spelling of the last character, those decoding to the same bytes too', () => {
    const token = signVerdictLink(SECRET, link);
    const last = token.at(-1)!;
    const others = [...BASE64URL].filter((c) => c !== last);
    // Two of them differ from the signature's last character only in bits that decoding drops.
    const sameBytes = others.filter((c) =>
      Buffer.from(token.slice(0, -1) + c, 'base64url').equals(Buffer.from(token, 'base64url')),
    );
    expect(sameBytes.length).toBeGreaterThan(0);
    for (const c of others) expect(readVerdictLink(SECRET, token.slice(0, -1) + c, before)).toBe('forged');
  });

  it('tells an expired link from a forged one', () => {
    const token = signVerdictLink(SECRET, link);
    expect(readVerdictLink(SECRET, token, new Date('2027-01-01T00:00:00Z'))).toBe('expired');
    expect(readVerdictLink('another secret', token, before)).toBe('forged');
    expect(readVerdictLink(SECRET, 'v1.7.3', before)).toBe('malformed');
  });
});

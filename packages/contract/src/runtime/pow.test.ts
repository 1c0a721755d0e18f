import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { POW_SLICE, sha256Hex, solveChallenge, solveSlice } from './pow.js';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the pop-up’s proof-of-work solver', () => {
  it('hashes as SHA-256 does, across block boundaries', () => {
    for (const text of [
      '',
      'abc',
      'a'.repeat(55),
      'a'.repeat(56),
      'a'.repeat(63),
      'a'.repeat(64),
      'x'.repeat(130),
      '0f3a9c?i=mi1k2&s=1&49999',
    ]) {
      expect(sha256Hex(text)).toBe(sha(text));
    }
  });

  it('finds the number of a challenge, a slice at a time, yielding between slices', async () => {
    const salt = '0123456789abcdef01234567?i=mi1k2&s=1&';
    const number = 3 * POW_SLICE + 17;
    const challenge = {
      algorithm: 'SHA-256',
      challenge: sha(salt + number),
      maxnumber: 50_000,
      salt,
      signature: 'f'.repeat(64),
    } as const;
    let pauses = 0;
    const solved = await solveChallenge(challenge, async () => void (pauses += 1));
    expect(solved).toEqual({
      algorithm: 'SHA-256',
      challenge: challenge.challenge,
      number,
      salt,
      signature: challenge.signature,
    });
    expect(pauses).toBe(3);
    expect(solveSlice(challenge, 0, number)).toBeNull();
  });

  it('gives up past maxnumber', async () => {
    const salt = 'abc?';
    expect(
      await solveChallenge({
        algorithm: 'SHA-256',
        challenge: sha(`${salt}500`),
        maxnumber: 100,
        salt,
        signature: 'f'.repeat(64),
      }),
    ).toBeNull();
  });
});

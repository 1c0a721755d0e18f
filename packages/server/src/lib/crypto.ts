import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Passwords: scrypt at OWASP's parameters (N=2^17, r=8, p=1: 128 MiB and about
 * 0.4 s a hash here), 16-byte salt, stored as `scrypt$N$r$p$salt$hash`
 * (base64url). A hash made with other parameters still verifies, and
 * `needsRehash` tells sign-in to store a new one.
 */

const KEY_LENGTH = 64;
const PARAMS = { N: 2 ** 17, r: 8, p: 1 };
/** Room for N=2^17 with r=8 (128 MiB) and a margin; older, cheaper hashes fit too. */
const MAX_MEM = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))));
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { ...PARAMS, maxmem: MAX_MEM });
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

// Verified against when the email is unknown, so that both answers take the same time.
let dummyHash: Promise<string> | null = null;

/** Timing-safe; a null hash (unknown user, or one who never set a password) still costs one scrypt. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const target = stored ?? (await (dummyHash ??= hashPassword(randomBytes(12).toString('hex'))));
  const [scheme, n, r, p, saltText, keyText] = target.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64url');
  const key = await derive(password, Buffer.from(saltText, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAX_MEM,
  });
  return stored !== null && key.length === expected.length && timingSafeEqual(key, expected);
}

/** Whether `stored` was made with other parameters than today's (and should be replaced at the next sign-in). */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split('$');
  return scheme !== 'scrypt' || Number(n) !== PARAMS.N || Number(r) !== PARAMS.r || Number(p) !== PARAMS.p;
}

/** An opaque random token for the client, and the hash that is all the database keeps. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

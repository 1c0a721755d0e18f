import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Passwords: scrypt, 16-byte salt, stored as `scrypt$N$r$p$salt$hash` (base64url). The
 * parameters are the server's setting (SCRYPT_COST in config.ts), passed in by the caller:
 * OWASP's N=2^17, r=8, p=1 (128 MiB and about 0.4 s a hash here) unless told otherwise, and
 * never less in production. A hash made with other parameters still verifies, and
 * `needsRehash` tells sign-in to store a new one.
 */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** OWASP's parameters for scrypt: the default, and the least production accepts. */
export const OWASP_SCRYPT: Readonly<ScryptParams> = { N: 2 ** 17, r: 8, p: 1 };

const KEY_LENGTH = 64;
/** Room for the largest cost config.ts accepts (N=2^18 with r=8: 256 MiB) and a margin; older, cheaper hashes fit too. */
const MAX_MEM = 512 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string, params: ScryptParams): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N: params.N, r: params.r, p: params.p, maxmem: MAX_MEM });
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

// Verified against when the email is unknown, so that both answers take the same time: one per set of parameters.
const dummyHashes = new Map<string, Promise<string>>();

/**
 * Timing-safe; a null hash (unknown user, or one who never set a password) still costs one
 * scrypt at `params`, the parameters a known user's hash has.
 */
export async function verifyPassword(password: string, stored: string | null, params: ScryptParams): Promise<boolean> {
  let target = stored;
  if (target === null) {
    const id = `${params.N}$${params.r}$${params.p}`;
    if (!dummyHashes.has(id)) dummyHashes.set(id, hashPassword(randomBytes(12).toString('hex'), params));
    target = await dummyHashes.get(id)!;
  }
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

/** Whether `stored` was made with other parameters than `params` (and should be replaced at the next sign-in). */
export function needsRehash(stored: string, params: ScryptParams): boolean {
  const [scheme, n, r, p] = stored.split('$');
  return scheme !== 'scrypt' || Number(n) !== params.N || Number(r) !== params.r || Number(p) !== params.p;
}

/** An opaque random token for the client, and the hash that is all the database keeps. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

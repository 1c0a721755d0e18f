/**
 * The lead form's invisible proof of work (docs/runtime-people.md, "Is it a person?"): the server hands
 * out an ALTCHA challenge (altcha-lib's v1 format: `challenge` is the SHA-256 of `salt` followed by
 * a secret number up to `maxnumber`, `signature` its HMAC under the server's key) and the pop-up
 * finds the number before the lead is sent. The solver is here, in plain JavaScript, so that the
 * pop-up (popup.js, never loader.js) and the server's tests solve alike, on any page: no Web
 * Worker (a partner's CSP may forbid `blob:` workers) and no `crypto.subtle` (only on https pages),
 * in slices of the main thread short enough never to make a long task.
 */

/** Numbers a challenge hides its number among: 25,000 hashes on average. */
export const POW_MAX_NUMBER = 50_000;
/** A challenge is good for an hour, as a page view's signed id is. */
export const POW_TTL_MS = 60 * 60 * 1000;
/** The least time from the form's opening to its lead: the pop-up holds a quicker send until then, and the server checks it again. */
export const MIN_FILL_MS = 1500;
/** Hashes per slice of the main thread (a few milliseconds on a phone). */
export const POW_SLICE = 2000;

/** A challenge as served (GET /api/public/sites/{id}/challenge) and its solution as the lead sends it. */
export interface PowChallenge {
  algorithm: 'SHA-256';
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}
export interface PowSolution {
  algorithm: 'SHA-256';
  challenge: string;
  number: number;
  salt: string;
  signature: string;
}

/** SHA-256's constants, derived rather than written out (fewer bytes in popup.js): the fractional bits of the first 64 primes' cube roots (K) and the first 8 primes' square roots (IV). */
const K = new Int32Array(64);
const IV = new Int32Array(8);
for (let n = 2, found = 0; found < 64; n++) {
  let prime = true;
  for (let d = 2; d * d <= n; d++) if (n % d === 0) prime = false;
  if (!prime) continue;
  if (found < 8) IV[found] = (n ** 0.5 * 2 ** 32) | 0;
  K[found++] = (n ** (1 / 3) * 2 ** 32) | 0;
}
const W = new Int32Array(64);
const H = new Int32Array(8);
let M = new Int32Array(16);

const rot = (x: number, n: number) => (x >>> n) | (x << (32 - n));

/** SHA-256 of an ASCII text into `H` (eight 32-bit words); buffers reused, nothing allocated for a short text. */
function digest(text: string): void {
  const bytes = text.length;
  const size = ((bytes + 72) >> 6) << 4;
  if (M.length !== size) M = new Int32Array(size);
  else M.fill(0);
  for (let i = 0; i < bytes; i++) M[i >> 2]! |= text.charCodeAt(i) << (24 - (i & 3) * 8);
  M[bytes >> 2]! |= 0x80 << (24 - (bytes & 3) * 8);
  M[size - 1] = bytes * 8;
  H.set(IV);
  for (let block = 0; block < size; block += 16) {
    let a = H[0]!, b = H[1]!, c = H[2]!, d = H[3]!, e = H[4]!, f = H[5]!, g = H[6]!, h = H[7]!; // prettier-ignore
    for (let t = 0; t < 64; t++) {
      const x = W[t - 15]!;
      const y = W[t - 2]!;
      W[t] =
        t < 16
          ? M[block + t]!
          : (W[t - 16]! + (rot(x, 7) ^ rot(x, 18) ^ (x >>> 3)) + W[t - 7]! + (rot(y, 17) ^ rot(y, 19) ^ (y >>> 10))) |
            0;
      const t1 = (h + (rot(e, 6) ^ rot(e, 11) ^ rot(e, 25)) + ((e & f) ^ (~e & g)) + K[t]! + W[t]!) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + (rot(b, 2) ^ rot(b, 13) ^ rot(b, 22)) + ((b & c) ^ (b & d) ^ (c & d))) | 0;
    }
    // Int32Array stores wrap to 32 bits.
    H[0] = H[0]! + a;
    H[1] = H[1]! + b;
    H[2] = H[2]! + c;
    H[3] = H[3]! + d;
    H[4] = H[4]! + e;
    H[5] = H[5]! + f;
    H[6] = H[6]! + g;
    H[7] = H[7]! + h;
  }
}

/** SHA-256 of an ASCII text (a salt and a number), in lower-case hex. */
export function sha256Hex(text: string): string {
  digest(text);
  return [...H].map((x) => (x >>> 0).toString(16).padStart(8, '0')).join('');
}

/** The numbers `from`…`to` (excluded) tried: the one whose hash is the challenge's, or null. */
export function solveSlice(c: Pick<PowChallenge, 'challenge' | 'salt'>, from: number, to: number): number | null {
  const want = Int32Array.from({ length: 8 }, (_, i) => parseInt(c.challenge.slice(i * 8, i * 8 + 8), 16) | 0);
  for (let n = from; n < to; n++) {
    digest(c.salt + n);
    if (
      H[0] === want[0] &&
      H[1] === want[1] &&
      H[2] === want[2] &&
      H[3] === want[3] &&
      H[4] === want[4] &&
      H[5] === want[5] &&
      H[6] === want[6] &&
      H[7] === want[7]
    )
      return n;
  }
  return null;
}

/**
 * Finds a challenge's number, a slice at a time, yielding between slices (`pause`: the pop-up's
 * `setTimeout`, so the page stays responsive); null when no number up to `maxnumber` fits.
 */
export async function solveChallenge(
  c: PowChallenge,
  pause: () => Promise<void> = async () => undefined,
): Promise<PowSolution | null> {
  for (let from = 0; from <= c.maxnumber; from += POW_SLICE) {
    const n = solveSlice(c, from, Math.min(from + POW_SLICE, c.maxnumber + 1));
    if (n !== null)
      return { algorithm: c.algorithm, challenge: c.challenge, number: n, salt: c.salt, signature: c.signature };
    await pause();
  }
  return null;
}

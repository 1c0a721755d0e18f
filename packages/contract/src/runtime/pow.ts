/**
 * The lead form's invisible proof of work (docs/runtime.md, "Is it a person?"): the server hands
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

const K = [
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74,
  0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d,
  0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e,
  0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
  0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];
const W = new Int32Array(64);
const H = new Int32Array(8);
let M = new Int32Array(16);

/** SHA-256 of an ASCII text into `H` (eight 32-bit words); buffers reused, nothing allocated for a short text. */
function digest(text: string): void {
  const bytes = text.length;
  const size = ((bytes + 9 + 63) >> 6) << 4;
  if (M.length !== size) M = new Int32Array(size);
  else M.fill(0);
  const words = M;
  for (let i = 0; i < bytes; i++) words[i >> 2]! |= (text.charCodeAt(i) & 0xff) << (24 - (i & 3) * 8);
  words[bytes >> 2]! |= 0x80 << (24 - (bytes & 3) * 8);
  words[size - 1] = bytes * 8;
  let h0 = 0x6a09e667, h1 = 0xbb67ae85 | 0, h2 = 0x3c6ef372, h3 = 0xa54ff53a | 0, h4 = 0x510e527f, h5 = 0x9b05688c | 0, h6 = 0x1f83d9ab, h7 = 0x5be0cd19; // prettier-ignore
  for (let block = 0; block < size; block += 16) {
    for (let t = 0; t < 64; t++) {
      if (t < 16) W[t] = words[block + t]!;
      else {
        const a = W[t - 15]!;
        const b = W[t - 2]!;
        const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
        const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
        W[t] = (W[t - 16]! + s0 + W[t - 7]! + s1) | 0;
      }
    }
    let a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7; // prettier-ignore
    for (let t = 0; t < 64; t++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const t1 = (h + S1 + ((e & f) ^ (~e & g)) + K[t]! + W[t]!) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h0 = (h0 + a) | 0;
    h1 = (h1 + b) | 0;
    h2 = (h2 + c) | 0;
    h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0;
    h5 = (h5 + f) | 0;
    h6 = (h6 + g) | 0;
    h7 = (h7 + h) | 0;
  }
  H[0] = h0;
  H[1] = h1;
  H[2] = h2;
  H[3] = h3;
  H[4] = h4;
  H[5] = h5;
  H[6] = h6;
  H[7] = h7;
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
export async function solveChallenge(c: PowChallenge, pause: () => Promise<void> = async () => undefined): Promise<PowSolution | null> {
  for (let from = 0; from <= c.maxnumber; from += POW_SLICE) {
    const n = solveSlice(c, from, Math.min(from + POW_SLICE, c.maxnumber + 1));
    if (n !== null) return { algorithm: c.algorithm, challenge: c.challenge, number: n, salt: c.salt, signature: c.signature };
    await pause();
  }
  return null;
}

/**
 * A lead's personal data at rest (docs/decisions/0006-erased-means-unreadable.md): sealed with
 * AES-256-GCM under a key of its own, which lives in a small table apart (`lead_keys`,
 * `spam_lead_keys`); an erasure deletes the key and rewrites that table, after which no byte in
 * the database files reads as the person's data. What the server looks a person up by (e-mail,
 * number, digits typed) is kept as a keyed hash (HMAC-SHA256 with a server secret), so no index
 * holds a plain value either.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { normalizeEmail, phoneDigits } from '@lead/contract';

/** What a lead (or a spam lead) holds that names or points at a person. */
export interface PersonalFields {
  name: string | null;
  email: string | null;
  /** As typed. */
  phone: string | null;
  /** The same number in E.164, read in the site's country. */
  phone_e164: string | null;
  /** The answers by field key. */
  data: Record<string, unknown>;
  page_url: string | null;
  /** The consent record (runtime/consent.ts): it holds the page URL and the ticks. */
  consent: unknown;
}

/** A sealed value starts with its format's version. */
const SEALED_V1 = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A new random key (AES-256), as stored: base64url. */
export const newKey = (): string => randomBytes(32).toString('base64url');

/** `fields` as one sealed text: `v1.` and base64url of IV ‖ ciphertext ‖ tag. */
export function seal(fields: PersonalFields, key: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(key, 'base64url'), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(fields), 'utf8'), cipher.final()]);
  return SEALED_V1 + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** The fields `sealed` holds; throws when the key is not its key or the text was changed. */
export function open(sealed: string, key: string): PersonalFields {
  if (!sealed.startsWith(SEALED_V1)) throw new Error('not a sealed lead');
  const raw = Buffer.from(sealed.slice(SEALED_V1.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(key, 'base64url'), raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
  const text = Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]);
  return JSON.parse(text.toString('utf8')) as PersonalFields;
}

/** Nothing: what an erased lead, or one whose key is gone, reads as. */
export const NO_FIELDS: Readonly<PersonalFields> = Object.freeze({
  name: null,
  email: null,
  phone: null,
  phone_e164: null,
  data: {},
  page_url: null,
  consent: null,
});

/**
 * A row's fields, whichever way it keeps them: sealed (with its key; none when the key is gone),
 * or, for a row stored before sealing and not yet sealed at start, its plain columns.
 */
export interface StoredPersonal {
  sealed: string | null;
  key: string | null;
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  phone_e164?: string | null;
  data?: unknown;
  page_url?: string | null;
  consent?: unknown;
}

export function fieldsOf(row: StoredPersonal): PersonalFields {
  if (row.sealed !== null) return row.key === null ? { ...NO_FIELDS, data: {} } : open(row.sealed, row.key);
  const data = typeof row.data === 'string' ? (JSON.parse(row.data) as unknown) : row.data;
  return {
    name: row.name ?? null,
    email: row.email ?? null,
    phone: row.phone ?? null,
    phone_e164: row.phone_e164 ?? null,
    data: (data ?? {}) as Record<string, unknown>,
    page_url: row.page_url ?? null,
    consent: (typeof row.consent === 'string' ? (JSON.parse(row.consent) as unknown) : row.consent) ?? null,
  };
}

/** What a person is looked up by, as keyed hashes (hex): e-mail, number (E.164), digits typed (only without a number). */
export interface LookupHashes {
  email_hash: string | null;
  phone_hash: string | null;
  digits_hash: string | null;
}

/** The keyed hashes of one server (its secret): the same input always gives the same hash. */
export class Lookup {
  readonly #key: Buffer;
  constructor(secret: string) {
    this.#key = Buffer.from(secret, 'base64url');
  }
  #hash(kind: string, value: string): string {
    return createHmac('sha256', this.#key).update(`${kind}:${value}`).digest('hex');
  }
  /** An e-mail, trimmed and lower-case (null when nothing is left). */
  email(email: string | null | undefined): string | null {
    const e = email ? normalizeEmail(email) : '';
    return e ? this.#hash('e', e) : null;
  }
  /** A number in E.164. */
  phone(e164: string): string {
    return this.#hash('p', e164);
  }
  /** The digits of a number as typed. */
  digits(digits: string): string {
    return this.#hash('d', digits);
  }
  /** A lead's lookup hashes: the digits typed only for a lead kept without an E.164 number. */
  of(f: Pick<PersonalFields, 'email' | 'phone' | 'phone_e164'>): LookupHashes {
    return {
      email_hash: this.email(f.email),
      phone_hash: f.phone_e164 ? this.phone(f.phone_e164) : null,
      digits_hash: !f.phone_e164 && f.phone ? this.digits(phoneDigits(f.phone)) : null,
    };
  }
}

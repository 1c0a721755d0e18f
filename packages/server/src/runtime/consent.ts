/**
 * A lead's consent record (docs/privacy.md, "How consent is proven"): built here from the
 * campaign revision the visitor saw, never from what the client says it showed. Each T&C block's
 * canonical text (`consentText`) is hashed; the record's own hash is taken of its canonical JSON
 * (keys sorted at every level), so that it can be checked again from the stored jsonb.
 */
import { createHash } from 'node:crypto';
import { consentTerms, type ConsentTerms, type Values } from '@lead/contract';
import type { Revision } from '../repositories/revisions.js';

/** `sha256:` and the hex SHA-256 of `text` in UTF-8. */
export const sha256 = (text: string): string => `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;

/** JSON with every object's keys sorted (arrays keep their order): the same text for the same record, whatever stored it. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** What `leads.consent` holds. */
export interface StoredConsent {
  revision_id: number;
  page_url: string;
  terms: Array<ConsentTerms & { hash: string }>;
}

/** The record of a lead sent with `values` from `pageUrl`, against `revision`; `hash` is `consent_hash`. */
export function buildConsent(
  revision: Revision,
  values: Values,
  pageUrl: string,
): { record: StoredConsent; hash: string } {
  const terms = consentTerms(revision.forms, values).map((t) => ({ ...t, hash: sha256(t.text) }));
  const record: StoredConsent = { revision_id: revision.id, page_url: pageUrl, terms };
  return { record, hash: sha256(canonicalJson(record)) };
}

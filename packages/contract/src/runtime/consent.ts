/**
 * Proof of consent: what a lead's consent record says of each T&C block of the campaign revision
 * its visitor saw. The server builds the record from the revision (never from what the client
 * says it showed) and adds the hashes (docs/privacy.md, "How consent is proven").
 */
import type { FormBlock } from '../campaign.js';
import { termsShown, termsUrls, type TermsPart } from '../rules/blocks.js';
import type { Values } from './values.js';

/** One T&C block as the visitor was shown it, and whether its box was ticked. */
export interface ConsentTerms {
  /** The block's id in the revision's forms. */
  block_id: string;
  /** The field key its tick is sent under. */
  key: string;
  required: boolean;
  /** The text as shown: plain words and links, in order. */
  parts: TermsPart[];
  /** The block's URLs, one per line as saved (a URL with no starred words to link is still listed). */
  urls: string[];
  /** The canonical text the hash is taken of: `consentText(parts)`. */
  text: string;
  ticked: boolean;
}

/** The canonical text of T&C parts: the words as shown, each link written `[words](url)`. */
export function consentText(parts: readonly TermsPart[]): string {
  return parts.map((p) => (p.url ? `[${p.text}](${p.url})` : p.text)).join('');
}

/**
 * Each T&C block of `forms`, in order, as shown, with its tick read from `values`: ticked only
 * when its key carries the box's own value '1' (one answer, not a list). A block with no key can
 * never be ticked.
 */
export function consentTerms(forms: readonly FormBlock[], values: Values): ConsentTerms[] {
  return forms
    .filter((b) => b.name === 'Terms')
    .map((b) => {
      const key = b.data.value?.trim() ?? '';
      const parts = termsShown(b);
      return {
        block_id: String(b.id),
        key,
        required: Boolean(b.data.required),
        parts,
        urls: termsUrls(b.data.placeholder ?? ''),
        text: consentText(parts),
        ticked: key !== '' && values[key] === '1',
      };
    });
}

/** The required T&C blocks left unticked: a lead is not stored while there is one. */
export const untickedTerms = (terms: readonly ConsentTerms[]): ConsentTerms[] =>
  terms.filter((t) => t.required && !t.ticked);

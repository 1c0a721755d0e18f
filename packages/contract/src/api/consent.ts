/**
 * Proof of consent on the admin API (docs/api/campaigns.md, "Consent records"; docs/privacy.md): a lead's consent record, as the server
 * answers it and the admin shows it. `LeadConsent` is what the lead itself carries.
 */
import { Type, type Static } from 'typebox';
import { IdParams, Nullable, responses } from './common.js';
import type { RouteSpec } from './route.js';

/** On a lead: its consent record's hash and the campaign revision it was built from; null for a lead stored before records were kept. */
export const LeadConsent = Nullable(Type.Object({ hash: Type.String(), revision_id: Type.Integer() }));

const TermsPart = Type.Object({ text: Type.String(), url: Type.Optional(Type.String()) });

/** One T&C block as the visitor was shown it (`ConsentTerms`), with the hash of its canonical text. */
export const ConsentTermsSchema = Type.Object({
  block_id: Type.String(),
  key: Type.String(),
  required: Type.Boolean(),
  parts: Type.Array(TermsPart),
  urls: Type.Array(Type.String()),
  /** The canonical text (`consentText`): the words as shown, each link written `[words](url)`. */
  text: Type.String(),
  /** `sha256:` and the hex SHA-256 of `text` in UTF-8. */
  hash: Type.String(),
  ticked: Type.Boolean(),
});

/** GET /leads/{id}/consent: the record, with the page the lead was sent from and when. */
export const ConsentRecordSchema = Type.Object({
  lead_id: Type.Integer(),
  campaign_id: Type.Integer(),
  revision_id: Type.Integer(),
  /** When the revision was saved (wire format, the server's time zone). */
  revision_created_at: Type.String(),
  page_url: Nullable(Type.String()),
  /** When the lead was stored (wire format, the server's time zone). */
  created_at: Type.String(),
  /** The record's own hash (`sha256:`…): the lead's `consent.hash`. */
  hash: Type.String(),
  terms: Type.Array(ConsentTermsSchema),
});
export type ConsentRecord = Static<typeof ConsentRecordSchema>;

export const consentApi = {
  record: {
    method: 'GET',
    url: '/api/admin/leads/:id/consent',
    params: IdParams,
    response: responses(Type.Object({ model: ConsentRecordSchema })),
  },
} as const satisfies Record<string, RouteSpec>;

export type ConsentApi = typeof consentApi;

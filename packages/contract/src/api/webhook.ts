/**
 * The webhook's body (docs/api/delivery.md, "The webhook"): one `lead.created` event per lead,
 * version 1. Within a version fields are only ever added (receivers ignore those they do not
 * know); removing, renaming or changing a field's type or meaning is a new version (`LeadCreatedV2`),
 * docs/api/delivery.md, "Versions". The server builds it in `server/src/delivery/payload.ts` (`leadEvent`), and a test
 * there checks what it builds against this schema; `npm run docs:fields` writes its table into the
 * docs. Receivers outside Lead read these fields: a change here is a change to their contract.
 */
import { Type, type Static } from 'typebox';
import { Nullable } from './common.js';
import { MAX_HOST_LENGTH, MAX_SOURCE_LENGTH } from '../runtime/source.js';

/** RFC 3339 in UTC, to the second (`2026-11-23T10:15:00Z`). */
const UtcSecond = (description: string) =>
  Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$', description });
const Id = (description: string) => Type.Integer({ minimum: 1, description });
const Tag = (description: string, maxLength = MAX_SOURCE_LENGTH) =>
  Nullable(Type.String({ minLength: 1, maxLength, description }));

export const LeadCreatedV1 = Type.Object(
  {
    type: Type.Literal('lead.created', {
      description: 'The kind of event: `lead.created` for a lead; `lead.test` is the test event (`LeadTestV1`).',
    }),
    timestamp: UtcSecond("The lead's time (not the attempt's): every attempt and replay sends the same bytes."),
    data: Type.Object(
      {
        lead: Type.Object(
          {
            id: Id("The lead's id in Lead."),
            created_at: UtcSecond('When the lead was captured.'),
            page_url: Nullable(Type.String({ description: 'The partner page the form was sent from.' })),
            variant: Nullable(
              Type.String({ description: "The A/B test arm's name; null for a campaign that is not an A/B test." }),
            ),
            duplicate: Type.Boolean({
              description:
                "Whether the same person (phone or e-mail) already gave a billable lead within the client's window: a duplicate is not billed.",
            }),
            fields: Type.Array(
              Type.Object({
                key: Type.String({ description: "The form field's key, as the builder names it." }),
                label: Type.String({ description: "The field's label on the form." }),
                value: Type.String({
                  description:
                    "The answer as text: a choice as its label, several joined with ', ', the phone number in E.164; empty when not answered.",
                }),
              }),
              { description: "The form's fields in the form's order, each with its answer." },
            ),
            phone_e164: Nullable(
              Type.String({
                pattern: '^\\+[1-9][0-9]{1,14}$',
                description: 'The phone number in E.164 form, when the form asked for one and it parsed.',
              }),
            ),
            consent_hash: Nullable(
              Type.String({
                pattern: '^sha256:[0-9a-f]{64}$',
                description:
                  "The hash of the lead's consent record (what the visitor saw and ticked), for proof of consent.",
              }),
            ),
            source: Type.Optional(
              Type.Object(
                {
                  referrer_host: Tag(
                    "The host of the site that referred the visit (never its address); null when none or the site's own.",
                    MAX_HOST_LENGTH,
                  ),
                  utm_source: Tag("The landing address's `utm_source`."),
                  utm_medium: Tag("The landing address's `utm_medium`."),
                  utm_campaign: Tag("The landing address's `utm_campaign`."),
                  utm_term: Tag("The landing address's `utm_term`."),
                  utm_content: Tag("The landing address's `utm_content`."),
                  gclid: Tag("The landing address's Google Ads click id (`gclid`)."),
                  fbclid: Tag("The landing address's Meta click id (`fbclid`)."),
                  ttclid: Tag("The landing address's TikTok click id (`ttclid`)."),
                },
                {
                  description:
                    "Where the lead's visit came from, each field null when the visit had none (added to v1; always sent).",
                },
              ),
            ),
          },
          { description: 'The lead.' },
        ),
        campaign: Type.Object(
          {
            id: Id("The campaign's id (an A/B test's own id for its variants' leads)."),
            code: Type.String({ description: "The campaign's code." }),
            name: Type.String({ description: "The campaign's name." }),
          },
          { description: 'The campaign the lead came from: the A/B test itself for a lead of one of its variants.' },
        ),
        site: Type.Object(
          { id: Id("The site's id."), name: Type.String({ description: "The site's host name." }) },
          { description: 'The partner site.' },
        ),
        client: Type.Object(
          { id: Id("The client's id."), name: Type.String({ description: "The client's name." }) },
          { description: 'The client the lead is for.' },
        ),
      },
      { description: 'What happened.' },
    ),
  },
  { description: 'One `lead.created` event: the body of each webhook request.' },
);
export type LeadCreatedV1 = Static<typeof LeadCreatedV1>;

const created = LeadCreatedV1.properties.data.properties;

/**
 * The test event an admin sends from a destination's page: signed and posted exactly like a lead,
 * its body shaped like `lead.created` so that a receiver's parser is tried, but every value of the
 * lead and campaign is sample data (no person's) and only the client and site are real.
 */
export const LeadTestV1 = Type.Object(
  {
    type: Type.Literal('lead.test', { description: 'A test event: store nothing, answer 2xx to say it arrived.' }),
    timestamp: UtcSecond('When the test was sent.'),
    data: Type.Object(
      {
        lead: Type.Object(
          {
            ...created.lead.properties,
            id: Type.Literal(0, { description: 'Always 0: no lead has this id.' }),
          },
          { description: 'A sample lead: made-up answers in the fields a lead carries.' },
        ),
        campaign: Type.Object(
          {
            id: Type.Literal(0, { description: 'Always 0: no campaign has this id.' }),
            code: Type.String({ description: 'Always `TEST`.' }),
            name: Type.String({ description: 'Always `Test event`.' }),
          },
          { description: 'A sample campaign.' },
        ),
        site: created.site,
        client: created.client,
        destination: Type.Object(
          { id: Id("The destination's id in Lead."), name: Type.String({ description: "The destination's name." }) },
          { description: 'The webhook the test was sent to.' },
        ),
      },
      { description: 'The sample lead, and who it was sent for.' },
    ),
  },
  { description: 'One `lead.test` event: the body of a test request.' },
);
export type LeadTestV1 = Static<typeof LeadTestV1>;

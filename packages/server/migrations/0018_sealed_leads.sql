-- Erased means unreadable (issue #44, docs/decisions/0006-erased-means-unreadable.md).
--
-- A lead's personal data (name, e-mail, phone as typed and in E.164, answers, page URL, consent
-- record) is kept sealed (AES-256-GCM, `sealed`) under a key of its own in `lead_keys`; an erasure
-- deletes the key and rewrites that small table, so the ciphertext left in the table's dead rows,
-- its WAL and its backups reads as nothing. What a person is found by is a keyed hash (HMAC-SHA256,
-- the server's secret 'lead-lookup'): `email_hash`, `phone_hash`, and `digits_hash` for a lead
-- kept without an E.164 number. The plain columns stay for rows stored before: the server seals
-- them at start (repositories/personal.ts) and they are null afterwards.
CREATE TABLE lead_keys (
  lead_id bigint PRIMARY KEY REFERENCES leads (id) ON DELETE CASCADE,
  key     text NOT NULL
);
CREATE TABLE spam_lead_keys (
  spam_id bigint PRIMARY KEY REFERENCES spam_leads (id) ON DELETE CASCADE,
  key     text NOT NULL
);

ALTER TABLE leads
  ADD COLUMN sealed text,
  ADD COLUMN email_hash text,
  ADD COLUMN phone_hash text,
  ADD COLUMN digits_hash text;
ALTER TABLE spam_leads
  ADD COLUMN sealed text,
  ADD COLUMN email_hash text,
  ADD COLUMN phone_hash text,
  ADD COLUMN digits_hash text,
  ALTER COLUMN page_url DROP NOT NULL;

-- The plain-value indexes go (an index keeps what it indexed); the same reads use the hashes.
DROP INDEX leads_phone_dup_idx;
DROP INDEX leads_email_dup_idx;
DROP INDEX leads_email_idx;
DROP INDEX leads_phone_e164_idx;
DROP INDEX leads_phone_digits_idx;
CREATE INDEX leads_phone_dup_idx ON leads (phone_hash, created_at DESC) WHERE phone_hash IS NOT NULL AND NOT duplicate;
CREATE INDEX leads_email_dup_idx ON leads (email_hash, created_at DESC) WHERE email_hash IS NOT NULL AND NOT duplicate;
CREATE INDEX leads_email_idx ON leads (email_hash) WHERE email_hash IS NOT NULL;
CREATE INDEX leads_phone_e164_idx ON leads (phone_hash) WHERE phone_hash IS NOT NULL;
CREATE INDEX leads_phone_digits_idx ON leads (digits_hash) WHERE digits_hash IS NOT NULL;
CREATE INDEX spam_leads_email_idx ON spam_leads (email_hash) WHERE email_hash IS NOT NULL;
CREATE INDEX spam_leads_phone_idx ON spam_leads (phone_hash) WHERE phone_hash IS NOT NULL;
-- The rows the start still has to seal (none, after the first start).
CREATE INDEX leads_unsealed_idx ON leads (id) WHERE sealed IS NULL AND erased_at IS NULL;
CREATE INDEX spam_leads_unsealed_idx ON spam_leads (id) WHERE sealed IS NULL;

-- Numbers kept only to be compared (campaign_submitted_phones, otp_codes, otp_phone_days) hold
-- the number's keyed hash from here on; the start hashes the plain ones left.

-- Retention and erasure (issue #31, docs/privacy.md). A client keeps its leads' personal data for
-- `retention_months` (null: the server's RETENTION_MONTHS); after that the scheduler erases it.
-- An erased lead keeps its id, campaign, time and figures (counted apart, in campaign_daily_stats
-- and the campaign's totals) and loses name, e-mail, phone, answers and page URL; `erased_at` says when.
ALTER TABLE clients ADD COLUMN retention_months integer CHECK (retention_months BETWEEN 1 AND 600);
ALTER TABLE leads ADD COLUMN erased_at timestamptz;

-- The scheduler walks leads not yet erased, oldest first, a batch at a time.
CREATE INDEX leads_retention_idx ON leads (created_at, id) WHERE erased_at IS NULL;
-- "Erase a person" finds a person's leads by e-mail (trimmed, lower-case) or number (E.164).
CREATE INDEX leads_email_idx ON leads (lower(trim(email))) WHERE email IS NOT NULL;
CREATE INDEX leads_phone_e164_idx ON leads (phone_e164) WHERE phone_e164 IS NOT NULL;
-- OTP codes by number, whatever the campaign: an erasure removes them too.
CREATE INDEX otp_codes_number_idx ON otp_codes (phone);

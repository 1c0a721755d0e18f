-- Every billed lead is a person (issue #44).
--
-- "Erase a person" finds a person's leads from indexes only: by e-mail and by number (E.164),
-- 0010's leads_email_idx and leads_phone_e164_idx; and a lead kept without an E.164 number (a
-- national form typed before 0007, or a number its site's country could not read) by the digits
-- typed, here. Its rows are few, so the index costs a lead's insert next to nothing.
CREATE INDEX leads_phone_digits_idx ON leads (regexp_replace(phone, '[^0-9]', '', 'g')) WHERE phone_e164 IS NULL AND phone IS NOT NULL;

-- A campaign moved to another client: the leads it had until then (ids up to this one) came for
-- the client it had then. A replay or a scheduled file of its new client's destinations never
-- sends them (repositories/deliveries.ts, email-files.ts). Null: every lead came for its client.
ALTER TABLE campaigns ADD COLUMN client_since_lead_id bigint;

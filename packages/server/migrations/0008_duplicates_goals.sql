-- Duplicates, goals and spend (issue #31).
--
-- A client's settings: whose earlier leads make a new one a duplicate ('campaign': the same
-- campaign's; 'client': any campaign's of the client), within how many days, the currency its
-- spend is shown in (ISO 4217), and whether duplicates are delivered too (read by lead delivery).
ALTER TABLE clients
  ADD COLUMN duplicate_scope text NOT NULL DEFAULT 'campaign' CHECK (duplicate_scope IN ('campaign', 'client')),
  ADD COLUMN duplicate_window_days integer NOT NULL DEFAULT 30 CHECK (duplicate_window_days BETWEEN 1 AND 365),
  ADD COLUMN currency text NOT NULL DEFAULT 'USD' CHECK (currency ~ '^[A-Z]{3}$'),
  ADD COLUMN deliver_duplicates boolean NOT NULL DEFAULT false;

-- A lead whose normalised phone (E.164) or e-mail (trimmed, lower case) already gave a billable
-- lead within the window is stored, and counted, as a duplicate: `leads` count every lead,
-- `duplicates` those of them that are duplicates; billable leads are the difference.
ALTER TABLE leads ADD COLUMN duplicate boolean NOT NULL DEFAULT false;
ALTER TABLE campaign_daily_stats ADD COLUMN duplicates integer NOT NULL DEFAULT 0;
ALTER TABLE campaigns
  ADD COLUMN total_duplicate bigint NOT NULL DEFAULT 0,
  -- 'Stop when the goal is reached': the billable lead that reaches kpis.lead pauses the campaign.
  ADD COLUMN stop_at_goal boolean NOT NULL DEFAULT false;

-- The duplicate check's reads: a person's earlier leads by number or by e-mail, newest first.
CREATE INDEX leads_phone_dup_idx ON leads (phone_e164, created_at DESC) WHERE phone_e164 IS NOT NULL AND NOT duplicate;
CREATE INDEX leads_email_dup_idx ON leads (lower(btrim(email)), created_at DESC) WHERE email IS NOT NULL AND NOT duplicate;

-- The public routes hold (issue #28): page views the server signed, each counting an event once;
-- OTP codes capped per number and per site a day; one submission per number; a server secret
-- several processes share (page-view signatures and the daily salt of visitor hashes).

-- Random secrets made once by the first process that needs them, read by every other.
CREATE TABLE runtime_secrets (
  name       text PRIMARY KEY,
  secret     text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- What each page view has counted, per campaign: kind 1 impression, 2 click, 3 close, 4 bounce.
-- A replayed batch finds its rows here and counts nothing; a click, close or bounce counts only
-- after its page view's impression. Rows older than a page view's life (an hour) are dropped.
CREATE TABLE page_view_events (
  page_view   text NOT NULL,
  campaign_id integer NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
  kind        smallint NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (page_view, campaign_id, kind)
);
CREATE INDEX page_view_events_created_idx ON page_view_events (created_at);

-- OTP codes sent a day per number (E.164, whatever the campaign, site or format typed) and per site.
CREATE TABLE otp_phone_days (
  phone text NOT NULL,
  day   date NOT NULL,
  sent  integer NOT NULL DEFAULT 0,
  PRIMARY KEY (phone, day)
);
CREATE TABLE otp_site_days (
  site_id integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  day     date NOT NULL,
  sent    integer NOT NULL DEFAULT 0,
  PRIMARY KEY (site_id, day)
);
-- The most codes a site may send a day (each is paid to the gateway); reaching it leaves a history entry.
ALTER TABLE sites ADD COLUMN otp_daily_budget integer NOT NULL DEFAULT 1000;

-- 'One submission per phone number' (a block's singleSubmission): the numbers (E.164) that sent a lead.
CREATE TABLE campaign_submitted_phones (
  campaign_id integer NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
  phone       text NOT NULL,
  PRIMARY KEY (campaign_id, phone)
);

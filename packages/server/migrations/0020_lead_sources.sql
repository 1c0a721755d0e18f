-- Where leads come from (docs/runtime.md, "Where leads come from"): the referring site's host and
-- the landing address's campaign tags and click ids, kept with the page view that showed a pop-up
-- and copied to its lead (and to a spam lead, which a release turns into one). None of it names a
-- person: a host, never a referrer's address; values are at most 200 characters (hosts 253).
CREATE TABLE page_view_sources (
  page_view     text PRIMARY KEY,
  site_id       integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  referrer_host text,
  utm_source    text,
  utm_medium    text,
  utm_campaign  text,
  utm_term      text,
  utm_content   text,
  gclid         text,
  fbclid        text,
  ttclid        text,
  created_at    timestamptz NOT NULL DEFAULT now()
);
-- Kept as long as page_view_events (two hours, the hourly purge): a lead comes within the hour.
CREATE INDEX page_view_sources_created_idx ON page_view_sources (created_at);

ALTER TABLE leads
  ADD COLUMN referrer_host text,
  ADD COLUMN utm_source    text,
  ADD COLUMN utm_medium    text,
  ADD COLUMN utm_campaign  text,
  ADD COLUMN utm_term      text,
  ADD COLUMN utm_content   text,
  ADD COLUMN gclid         text,
  ADD COLUMN fbclid        text,
  ADD COLUMN ttclid        text;

ALTER TABLE spam_leads
  ADD COLUMN referrer_host text,
  ADD COLUMN utm_source    text,
  ADD COLUMN utm_medium    text,
  ADD COLUMN utm_campaign  text,
  ADD COLUMN utm_term      text,
  ADD COLUMN utm_content   text,
  ADD COLUMN gclid         text,
  ADD COLUMN fbclid        text,
  ADD COLUMN ttclid        text;

-- The site's cap on pop-ups per visitor, across its campaigns: per visit and per day (null: none).
ALTER TABLE sites
  ADD COLUMN popup_cap_visit integer CHECK (popup_cap_visit BETWEEN 1 AND 100),
  ADD COLUMN popup_cap_day   integer CHECK (popup_cap_day BETWEEN 1 AND 100);

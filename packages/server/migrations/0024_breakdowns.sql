-- Breakdowns (issue #46, docs/decisions/0008-breakdown-rollups.md): a campaign's figures per day by
-- device, page (article), source and referrer, kept as events and leads arrive, beside
-- campaign_daily_stats and by the same statements, so that a breakdown over any days sums at most
-- one row per value and day and never reads page views or leads. By variant, the breakdown reads
-- campaign_daily_stats of the test's campaigns.

-- A page view's place, with its source: the page's path and the device (what the embed sent with
-- its first batch), and its source as a breakdown row names it (`sourceLabel` in @lead/contract).
ALTER TABLE page_view_sources
  ADD COLUMN device       text CHECK (device IN ('mobile', 'desktop')),
  ADD COLUMN page_path    text,
  ADD COLUMN source_label text;

-- The same place on the lead it brings (and on a spam lead, which a release turns into one): its
-- verdicts count in the rows its impression counted in.
ALTER TABLE leads
  ADD COLUMN device    text CHECK (device IN ('mobile', 'desktop')),
  ADD COLUMN page_path text;
ALTER TABLE spam_leads
  ADD COLUMN device    text CHECK (device IN ('mobile', 'desktop')),
  ADD COLUMN page_path text;

-- dimension: 1 device, 2 page, 3 source, 4 referrer (ROLLUP_DIMENSION_CODES); value '' is unknown
-- (not sent, or direct). Every impression and lead counts once in each dimension.
CREATE TABLE campaign_breakdown_daily (
  campaign_id integer NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
  dimension   smallint NOT NULL CHECK (dimension BETWEEN 1 AND 4),
  day         date NOT NULL,
  value       text NOT NULL,
  impressions integer NOT NULL DEFAULT 0,
  leads       integer NOT NULL DEFAULT 0,
  duplicates  integer NOT NULL DEFAULT 0,
  credited    integer NOT NULL DEFAULT 0,
  accepted    integer NOT NULL DEFAULT 0,
  PRIMARY KEY (campaign_id, dimension, day, value)
);

-- Costs flat with data (issue #44, item 7): the hot reads of leads answer from an index.
-- A campaign's leads not erased, by time: the retention sweep reads each campaign's leads past
-- its client's period (repositories/retention.ts), and an export counts a campaign's leads within
-- a range of days, from the index alone (the id is included for the export's upper bound).
CREATE INDEX leads_campaign_live_idx ON leads (campaign_id, created_at) INCLUDE (id) WHERE erased_at IS NULL;

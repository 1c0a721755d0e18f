-- Lead export (issue #12): the page a lead was collected on (the runtime's page_url).
-- The export reads a campaign's leads oldest first in id pages: leads_campaign_idx
-- (campaign_id, id DESC) serves that order read backwards.
ALTER TABLE leads ADD COLUMN page_url text;

-- What the delivery worker and erasure read often (issue #44):
-- a lead's attempts: erasure and retention clear what receivers answered about a lead, and a
-- deleted lead's attempts lose their lead_id (ON DELETE SET NULL); without this each of those
-- read the whole attempts log. Files' attempts (lead_id null) are left out.
CREATE INDEX delivery_attempts_lead_idx ON delivery_attempts (lead_id) WHERE lead_id IS NOT NULL;
-- a destination's due deliveries, oldest first: the claim takes a few of each destination's
-- (repositories/deliveries.ts claimDueDeliveries), so no backlog fills a claim.
CREATE INDEX deliveries_destination_due_idx ON deliveries (destination_id, next_attempt_at) WHERE state IN ('pending', 'retrying');

-- The attempts log shows what was sent and what came back, and holds the test events an admin
-- sends from a destination's page (lead_id null, event 'lead.test').
--   event:   'lead.test' for a test event; null for a lead's delivery or a scheduled file.
--   request: what was sent, in a few lines (method, URL, webhook-id, event type); never a lead's
--            body, which holds a person's data; a test event's sample body, cut to 500 bytes.
--   answer:  a test event's answer, whatever its status (first 500 bytes); a lead's answer is kept
--            only when it failed, in `error`, as before.
ALTER TABLE delivery_attempts ADD COLUMN event text;
ALTER TABLE delivery_attempts ADD COLUMN request text;
ALTER TABLE delivery_attempts ADD COLUMN answer text;

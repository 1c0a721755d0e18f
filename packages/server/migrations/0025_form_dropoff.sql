-- Issue #46, "where visitors give up": per campaign (an A/B arm is a campaign), day and form field,
-- how many visitors started the form there (their first field) and how many left it unsent there
-- (the last field they reached). A field is the block's index in the campaign's forms; nothing a
-- visitor typed is sent or stored (docs/decisions/0009). The form's starts are the day's sum of
-- `started`. Counted by the events statement (repositories/events.ts), once per page view.
CREATE TABLE campaign_daily_fields (
  campaign_id integer NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
  day         date NOT NULL,
  field       smallint NOT NULL CHECK (field BETWEEN 0 AND 99),
  started     integer NOT NULL DEFAULT 0,
  dropped     integer NOT NULL DEFAULT 0,
  PRIMARY KEY (campaign_id, day, field)
);

-- The attempts log is kept DELIVERY_KEEP_DAYS (30 by default): the scheduler's hourly pass deletes
-- older attempts by their time, which this index finds without reading the whole log.
CREATE INDEX delivery_attempts_at_idx ON delivery_attempts (at);

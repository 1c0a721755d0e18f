-- Events through a broker (EVENTS_URL, docs/scaling.md): the messages already counted, so that
-- one delivered again after a crash between the commit and its acknowledgement counts once.
-- Keyed by the stream's creation and the message's sequence; rows older than a day are dropped.
CREATE TABLE event_messages_applied (
  id         text PRIMARY KEY,
  applied_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX event_messages_applied_at_idx ON event_messages_applied (applied_at);

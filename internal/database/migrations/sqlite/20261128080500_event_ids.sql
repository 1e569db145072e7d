-- Events have ids of their own now, evt_ and their activity's ULID: the
-- attempt log, which named them by their activity's id (act_), names them
-- by theirs, so an attempt reads as the webhook-id it was sent with from
-- now on. Ping attempts had evt_ ids already.
UPDATE "webhook_attempts" SET "event_id" = 'evt_' || substr("event_id", 5) WHERE substr("event_id", 1, 4) = 'act_';

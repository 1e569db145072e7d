-- Modify "webhook_endpoints" table
ALTER TABLE "webhook_endpoints" ADD COLUMN "queued_through" bigint NOT NULL DEFAULT 0;
-- Endpoints that exist already had every committed event queued in its write's transaction: the relay starts after them
UPDATE webhook_endpoints SET queued_through = COALESCE((SELECT c.last FROM event_counters c WHERE c.company_id = webhook_endpoints.company_id), 0);

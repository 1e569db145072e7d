-- Drop index "activity_company_id_sequence" from table: "activities"
DROP INDEX "activity_company_id_sequence";
-- Modify "activities" table
ALTER TABLE "activities" ADD COLUMN "txid" bigint NULL;
-- Events from before keep their places, ahead of every new one: (0, their number)
UPDATE "activities" SET "txid" = 0 WHERE "sequence" IS NOT NULL;
-- New events take their numbers from a sequence, without locking a company's counter
CREATE SEQUENCE "activity_sequence";
SELECT setval('activity_sequence', COALESCE((SELECT MAX("sequence") FROM "activities"), 0) + 1, false);
-- Create index "activity_company_id_txid_sequence" to table: "activities"
CREATE UNIQUE INDEX "activity_company_id_txid_sequence" ON "activities" ("company_id", "txid", "sequence");
-- Modify "webhook_endpoints" table
ALTER TABLE "webhook_endpoints" ADD COLUMN "queued_through_txid" bigint NOT NULL DEFAULT 0;
-- The company counters numbered events; nothing reads them any more
DROP TABLE "event_counters";

-- Modify "activities" table
ALTER TABLE "activities" ADD COLUMN "sequence" bigint NULL, ADD COLUMN "data" jsonb NULL;
-- Create index "activity_company_id_sequence" to table: "activities"
CREATE UNIQUE INDEX "activity_company_id_sequence" ON "activities" ("company_id", "sequence");
-- An event is its activity now: each event's place and data move onto it, and its id becomes the activity's
UPDATE "activities" SET "sequence" = e."sequence", "data" = e."data" FROM "events" e WHERE e."activity_id" = "activities"."id";
UPDATE "webhook_attempts" SET "event_id" = e."activity_id" FROM "events" e WHERE e."id" = "webhook_attempts"."event_id";
DO $$
BEGIN
  -- Deliveries queued before the upgrade name their event by its old id (River's table exists once River has run)
  IF to_regclass('river_job') IS NOT NULL THEN
    UPDATE river_job SET args = jsonb_set(args, '{event_id}', to_jsonb(e."activity_id")) FROM "events" e WHERE river_job.kind = 'webhook_delivery' AND river_job.args->>'event_id' = e."id";
  END IF;
END $$;
-- Drop "events" table
DROP TABLE "events";

-- Modify "idempotency_keys" table
ALTER TABLE "idempotency_keys" ADD COLUMN "path" character varying NOT NULL DEFAULT '';

-- Create "event_counters" table
CREATE TABLE "event_counters" ("id" character varying NOT NULL, "last" bigint NOT NULL DEFAULT 0, "company_id" character varying NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "event_counters_companies_company" FOREIGN KEY ("company_id") REFERENCES "companies" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- Create index "eventcounter_company_id" to table: "event_counters"
CREATE UNIQUE INDEX "eventcounter_company_id" ON "event_counters" ("company_id");
-- Create "events" table
CREATE TABLE "events" ("id" character varying NOT NULL, "sequence" bigint NOT NULL, "type" character varying NOT NULL, "activity_id" character varying NOT NULL, "actor_type" character varying NOT NULL, "actor_id" character varying NULL, "actor_name" character varying NULL, "object_type" character varying NOT NULL, "object_id" character varying NOT NULL, "data" jsonb NULL, "time_created" timestamptz NOT NULL, "company_id" character varying NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "events_companies_company" FOREIGN KEY ("company_id") REFERENCES "companies" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- Create index "event_company_id_sequence" to table: "events"
CREATE UNIQUE INDEX "event_company_id_sequence" ON "events" ("company_id", "sequence");
-- Create "webhook_endpoints" table
CREATE TABLE "webhook_endpoints" ("id" character varying NOT NULL, "url" character varying NOT NULL, "event_types" jsonb NOT NULL, "active" boolean NOT NULL DEFAULT true, "sealed_secret" bytea NOT NULL, "sealed_previous_secret" bytea NULL, "previous_secret_expires" timestamptz NULL, "failing" boolean NOT NULL DEFAULT false, "time_created" timestamptz NOT NULL, "company_id" character varying NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "webhook_endpoints_companies_company" FOREIGN KEY ("company_id") REFERENCES "companies" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- Create "webhook_attempts" table
CREATE TABLE "webhook_attempts" ("id" character varying NOT NULL, "event_id" character varying NOT NULL, "event_type" character varying NOT NULL, "attempt" bigint NOT NULL, "status" bigint NOT NULL DEFAULT 0, "latency_ms" bigint NOT NULL DEFAULT 0, "error" character varying NULL, "success" boolean NOT NULL DEFAULT false, "time_created" timestamptz NOT NULL, "company_id" character varying NOT NULL, "endpoint_id" character varying NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "webhook_attempts_companies_company" FOREIGN KEY ("company_id") REFERENCES "companies" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION, CONSTRAINT "webhook_attempts_webhook_endpoints_attempts" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- Create index "webhookattempt_company_id_endpoint_id_id" to table: "webhook_attempts"
CREATE INDEX "webhookattempt_company_id_endpoint_id_id" ON "webhook_attempts" ("company_id", "endpoint_id", "id");
-- Create index "webhookattempt_company_id_event_id_id" to table: "webhook_attempts"
CREATE INDEX "webhookattempt_company_id_event_id_id" ON "webhook_attempts" ("company_id", "event_id", "id");

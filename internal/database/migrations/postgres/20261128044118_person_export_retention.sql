-- Modify "applications" table
ALTER TABLE "applications" ADD COLUMN "time_consent_expires" timestamptz NULL;
-- Modify "companies" table
ALTER TABLE "companies" ADD COLUMN "retention_days" bigint NULL;
-- Create "person_exports" table
CREATE TABLE "person_exports" ("id" character varying NOT NULL, "person_id" character varying NOT NULL, "requested_by" character varying NOT NULL DEFAULT '', "status" character varying NOT NULL DEFAULT 'QUEUED', "failure" character varying NOT NULL DEFAULT '', "storage_key" character varying NULL, "size" bigint NOT NULL DEFAULT 0, "time_created" timestamptz NOT NULL, "time_completed" timestamptz NULL, "company_id" character varying NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "person_exports_companies_company" FOREIGN KEY ("company_id") REFERENCES "companies" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- Create index "personexport_company_id_person_id" to table: "person_exports"
CREATE INDEX "personexport_company_id_person_id" ON "person_exports" ("company_id", "person_id");

-- Modify "notes" table
ALTER TABLE "notes" ADD COLUMN "private" boolean NOT NULL DEFAULT false, ADD COLUMN "author_id" character varying NULL;
-- Create "roles" table
CREATE TABLE "roles" ("id" character varying NOT NULL, "name" character varying NOT NULL, "description" character varying NOT NULL DEFAULT '', "permissions" jsonb NOT NULL, "time_created" timestamptz NOT NULL, "company_id" character varying NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "roles_companies_company" FOREIGN KEY ("company_id") REFERENCES "companies" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- Create index "role_company_id_name" to table: "roles"
CREATE UNIQUE INDEX "role_company_id_name" ON "roles" ("company_id", "name");

-- Modify "messages" table
ALTER TABLE "messages" ADD COLUMN "delivery_status" character varying NULL, ADD COLUMN "delivery_error" character varying NULL, ADD COLUMN "delivery_attempts" bigint NOT NULL DEFAULT 0, ADD COLUMN "time_delivered" timestamptz NULL;
-- Create "message_templates" table
CREATE TABLE "message_templates" ("id" character varying NOT NULL, "name" character varying NOT NULL, "kind" character varying NOT NULL DEFAULT 'OTHER', "subject" character varying NOT NULL, "body" text NOT NULL, "time_created" timestamptz NOT NULL, "time_updated" timestamptz NOT NULL, "company_id" character varying NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "message_templates_companies_company" FOREIGN KEY ("company_id") REFERENCES "companies" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- Create index "messagetemplate_company_id_name" to table: "message_templates"
CREATE UNIQUE INDEX "messagetemplate_company_id_name" ON "message_templates" ("company_id", "name");

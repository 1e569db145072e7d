-- Create "offers" table
CREATE TABLE "offers" ("id" character varying NOT NULL, "status" character varying NOT NULL DEFAULT 'DRAFT', "version" bigint NOT NULL DEFAULT 1, "salary" jsonb NULL, "start_date" timestamptz NULL, "custom_fields" jsonb NOT NULL, "approvers" jsonb NOT NULL, "approvals" bigint NOT NULL DEFAULT 0, "time_created" timestamptz NOT NULL, "time_updated" timestamptz NOT NULL, "candidate_id" character varying NOT NULL, "document_id" character varying NULL, "company_id" character varying NOT NULL, "opening_id" character varying NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "offers_candidate_files_offers" FOREIGN KEY ("document_id") REFERENCES "candidate_files" ("id") ON UPDATE NO ACTION ON DELETE SET NULL, CONSTRAINT "offers_candidates_offers" FOREIGN KEY ("candidate_id") REFERENCES "candidates" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION, CONSTRAINT "offers_companies_company" FOREIGN KEY ("company_id") REFERENCES "companies" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION, CONSTRAINT "offers_openings_offers" FOREIGN KEY ("opening_id") REFERENCES "openings" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- Create index "offer_company_id_candidate_id_id" to table: "offers"
CREATE INDEX "offer_company_id_candidate_id_id" ON "offers" ("company_id", "candidate_id", "id");
-- Create index "offer_document_id" to table: "offers"
CREATE INDEX "offer_document_id" ON "offers" ("document_id");
-- Create index "offer_opening_id" to table: "offers"
CREATE INDEX "offer_opening_id" ON "offers" ("opening_id");
-- Create "offer_versions" table
CREATE TABLE "offer_versions" ("id" character varying NOT NULL, "version" bigint NOT NULL, "salary" jsonb NULL, "start_date" timestamptz NULL, "custom_fields" jsonb NOT NULL, "created_by" character varying NOT NULL DEFAULT '', "time_created" timestamptz NOT NULL, "document_id" character varying NULL, "offer_id" character varying NOT NULL, "company_id" character varying NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "offer_versions_candidate_files_offer_versions" FOREIGN KEY ("document_id") REFERENCES "candidate_files" ("id") ON UPDATE NO ACTION ON DELETE SET NULL, CONSTRAINT "offer_versions_companies_company" FOREIGN KEY ("company_id") REFERENCES "companies" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION, CONSTRAINT "offer_versions_offers_versions" FOREIGN KEY ("offer_id") REFERENCES "offers" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- Create index "offerversion_document_id" to table: "offer_versions"
CREATE INDEX "offerversion_document_id" ON "offer_versions" ("document_id");
-- Create index "offerversion_offer_id_version" to table: "offer_versions"
CREATE UNIQUE INDEX "offerversion_offer_id_version" ON "offer_versions" ("offer_id", "version");

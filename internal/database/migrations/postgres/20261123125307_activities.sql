-- Create "activities" table
CREATE TABLE "activities" ("id" character varying NOT NULL, "verb" character varying NOT NULL, "actor_type" character varying NOT NULL, "actor_id" character varying NULL, "actor_name" character varying NULL, "object_type" character varying NOT NULL, "object_id" character varying NOT NULL, "changes" jsonb NOT NULL, "time_created" timestamptz NOT NULL, "company_id" character varying NOT NULL, "candidate_id" character varying NULL, "position_id" character varying NULL, PRIMARY KEY ("id"), CONSTRAINT "activities_candidates_activities" FOREIGN KEY ("candidate_id") REFERENCES "candidates" ("id") ON UPDATE NO ACTION ON DELETE SET NULL, CONSTRAINT "activities_companies_company" FOREIGN KEY ("company_id") REFERENCES "companies" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION, CONSTRAINT "activities_positions_activities" FOREIGN KEY ("position_id") REFERENCES "positions" ("id") ON UPDATE NO ACTION ON DELETE SET NULL);
-- Create index "activity_company_id_candidate_id_id" to table: "activities"
CREATE INDEX "activity_company_id_candidate_id_id" ON "activities" ("company_id", "candidate_id", "id");
-- Create index "activity_company_id_position_id_id" to table: "activities"
CREATE INDEX "activity_company_id_position_id_id" ON "activities" ("company_id", "position_id", "id");
-- Create index "activity_company_id_time_created_id" to table: "activities"
CREATE INDEX "activity_company_id_time_created_id" ON "activities" ("company_id", "time_created", "id");

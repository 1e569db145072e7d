-- Modify "persons" table
ALTER TABLE "persons" ADD COLUMN "email_normalized" character varying NULL;
-- Create index "person_company_id_email_normalized" to table: "persons"
CREATE UNIQUE INDEX "person_company_id_email_normalized" ON "persons" ("company_id", "email_normalized");
-- Create "pipeline_steps" table
CREATE TABLE "pipeline_steps" ("id" character varying NOT NULL, "name" character varying NOT NULL, "kind" character varying NOT NULL, "rank" bigint NOT NULL, "assignee_ids" jsonb NOT NULL, "company_id" character varying NOT NULL, "position_id" character varying NULL, PRIMARY KEY ("id"), CONSTRAINT "pipeline_steps_companies_company" FOREIGN KEY ("company_id") REFERENCES "companies" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION, CONSTRAINT "pipeline_steps_positions_pipeline_steps" FOREIGN KEY ("position_id") REFERENCES "positions" ("id") ON UPDATE NO ACTION ON DELETE SET NULL);
-- Create index "pipelinestep_company_id_position_id_rank" to table: "pipeline_steps"
CREATE INDEX "pipelinestep_company_id_position_id_rank" ON "pipeline_steps" ("company_id", "position_id", "rank");
-- Create "rejection_reasons" table
CREATE TABLE "rejection_reasons" ("id" character varying NOT NULL, "name" character varying NOT NULL, "by_candidate" boolean NOT NULL DEFAULT false, "rank" bigint NOT NULL DEFAULT 0, "company_id" character varying NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "rejection_reasons_companies_company" FOREIGN KEY ("company_id") REFERENCES "companies" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- Create index "rejectionreason_company_id_name" to table: "rejection_reasons"
CREATE UNIQUE INDEX "rejectionreason_company_id_name" ON "rejection_reasons" ("company_id", "name");
-- Create index "rejectionreason_company_id_rank" to table: "rejection_reasons"
CREATE INDEX "rejectionreason_company_id_rank" ON "rejection_reasons" ("company_id", "rank");
-- Modify "candidates" table
ALTER TABLE "candidates" ADD COLUMN "rejection_note" character varying NULL, ADD COLUMN "source" character varying NOT NULL DEFAULT '', ADD COLUMN "current_step_id" character varying NULL, ADD COLUMN "rejection_reason_id" character varying NULL, ADD CONSTRAINT "candidates_pipeline_steps_candidates" FOREIGN KEY ("current_step_id") REFERENCES "pipeline_steps" ("id") ON UPDATE NO ACTION ON DELETE SET NULL, ADD CONSTRAINT "candidates_rejection_reasons_candidates" FOREIGN KEY ("rejection_reason_id") REFERENCES "rejection_reasons" ("id") ON UPDATE NO ACTION ON DELETE SET NULL;
-- Create index "candidate_company_id_current_step_id_id" to table: "candidates"
CREATE INDEX "candidate_company_id_current_step_id_id" ON "candidates" ("company_id", "current_step_id", "id");
-- Create "candidate_assignees" table
CREATE TABLE "candidate_assignees" ("candidate_id" character varying NOT NULL, "user_id" character varying NOT NULL, PRIMARY KEY ("candidate_id", "user_id"), CONSTRAINT "candidate_assignees_candidate_id" FOREIGN KEY ("candidate_id") REFERENCES "candidates" ("id") ON UPDATE NO ACTION ON DELETE CASCADE, CONSTRAINT "candidate_assignees_user_id" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON UPDATE NO ACTION ON DELETE CASCADE);
-- Create "candidate_steps" table
CREATE TABLE "candidate_steps" ("id" character varying NOT NULL, "name" character varying NOT NULL, "kind" character varying NOT NULL, "time_entered" timestamptz NOT NULL, "time_left" timestamptz NULL, "time_scheduled" timestamptz NULL, "entered_by" character varying NOT NULL, "left_by" character varying NULL, "candidate_id" character varying NOT NULL, "company_id" character varying NOT NULL, "step_id" character varying NULL, PRIMARY KEY ("id"), CONSTRAINT "candidate_steps_candidates_step_history" FOREIGN KEY ("candidate_id") REFERENCES "candidates" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION, CONSTRAINT "candidate_steps_companies_company" FOREIGN KEY ("company_id") REFERENCES "companies" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION, CONSTRAINT "candidate_steps_pipeline_steps_visits" FOREIGN KEY ("step_id") REFERENCES "pipeline_steps" ("id") ON UPDATE NO ACTION ON DELETE SET NULL);
-- Create index "candidatestep_company_id_candidate_id_id" to table: "candidate_steps"
CREATE INDEX "candidatestep_company_id_candidate_id_id" ON "candidate_steps" ("company_id", "candidate_id", "id");
-- Create index "candidatestep_step_id" to table: "candidate_steps"
CREATE INDEX "candidatestep_step_id" ON "candidate_steps" ("step_id");
-- Backfill the duplicate key of people recorded before it: the earliest
-- person of each address (trimmed, in lower case) gets it; later
-- duplicates keep none, so the unique index holds.
UPDATE persons SET email_normalized = lower(trim(email))
 WHERE email IS NOT NULL AND trim(email) <> ''
   AND id = (SELECT min(p2.id) FROM persons p2
              WHERE p2.company_id = persons.company_id AND lower(trim(p2.email)) = lower(trim(persons.email)));

-- Modify "positions" table
ALTER TABLE "positions" ADD COLUMN "scorecard_rating_scale" bigint NULL;
-- Create "scorecard_attributes" table
CREATE TABLE "scorecard_attributes" ("id" character varying NOT NULL, "focus" character varying NOT NULL, "name" character varying NOT NULL, "description" character varying NOT NULL DEFAULT '', "ordinal" bigint NOT NULL, "time_removed" timestamptz NULL, "position_id" character varying NOT NULL, "company_id" character varying NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "scorecard_attributes_companies_company" FOREIGN KEY ("company_id") REFERENCES "companies" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION, CONSTRAINT "scorecard_attributes_positions_scorecard_attributes" FOREIGN KEY ("position_id") REFERENCES "positions" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- Create index "scorecardattribute_position_id_ordinal" to table: "scorecard_attributes"
CREATE INDEX "scorecardattribute_position_id_ordinal" ON "scorecard_attributes" ("position_id", "ordinal");
-- Create "scorecards" table
CREATE TABLE "scorecards" ("id" character varying NOT NULL, "overall_recommendation" character varying NOT NULL, "notes" character varying NOT NULL DEFAULT '', "time_submitted" timestamptz NOT NULL, "time_updated" timestamptz NOT NULL, "candidate_id" character varying NOT NULL, "interview_id" character varying NOT NULL, "company_id" character varying NOT NULL, "user_id" character varying NOT NULL, "step_id" character varying NULL, PRIMARY KEY ("id"), CONSTRAINT "scorecards_candidates_scorecards" FOREIGN KEY ("candidate_id") REFERENCES "candidates" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION, CONSTRAINT "scorecards_companies_company" FOREIGN KEY ("company_id") REFERENCES "companies" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION, CONSTRAINT "scorecards_interviews_scorecards" FOREIGN KEY ("interview_id") REFERENCES "interviews" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION, CONSTRAINT "scorecards_pipeline_steps_step" FOREIGN KEY ("step_id") REFERENCES "pipeline_steps" ("id") ON UPDATE NO ACTION ON DELETE SET NULL, CONSTRAINT "scorecards_users_interviewer" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- Create index "scorecard_company_id_candidate_id_id" to table: "scorecards"
CREATE INDEX "scorecard_company_id_candidate_id_id" ON "scorecards" ("company_id", "candidate_id", "id");
-- Create index "scorecard_interview_id_user_id" to table: "scorecards"
CREATE UNIQUE INDEX "scorecard_interview_id_user_id" ON "scorecards" ("interview_id", "user_id");
-- Create index "scorecard_user_id_candidate_id" to table: "scorecards"
CREATE INDEX "scorecard_user_id_candidate_id" ON "scorecards" ("user_id", "candidate_id");
-- Create "scorecard_ratings" table
CREATE TABLE "scorecard_ratings" ("id" character varying NOT NULL, "candidate_id" character varying NOT NULL, "rating" bigint NULL, "note" character varying NOT NULL DEFAULT '', "scorecard_id" character varying NOT NULL, "company_id" character varying NOT NULL, "attribute_id" character varying NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "scorecard_ratings_companies_company" FOREIGN KEY ("company_id") REFERENCES "companies" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION, CONSTRAINT "scorecard_ratings_scorecard_attributes_attribute" FOREIGN KEY ("attribute_id") REFERENCES "scorecard_attributes" ("id") ON UPDATE NO ACTION ON DELETE CASCADE, CONSTRAINT "scorecard_ratings_scorecards_ratings" FOREIGN KEY ("scorecard_id") REFERENCES "scorecards" ("id") ON UPDATE NO ACTION ON DELETE CASCADE);
-- Create index "scorecardrating_candidate_id_attribute_id" to table: "scorecard_ratings"
CREATE INDEX "scorecardrating_candidate_id_attribute_id" ON "scorecard_ratings" ("candidate_id", "attribute_id");
-- Create index "scorecardrating_scorecard_id_attribute_id" to table: "scorecard_ratings"
CREATE UNIQUE INDEX "scorecardrating_scorecard_id_attribute_id" ON "scorecard_ratings" ("scorecard_id", "attribute_id");

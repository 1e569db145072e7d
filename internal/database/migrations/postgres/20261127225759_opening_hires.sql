-- Modify "candidates" table
ALTER TABLE "candidates" ADD COLUMN "hired_opening_id" character varying NULL, ADD CONSTRAINT "candidates_openings_hires" FOREIGN KEY ("hired_opening_id") REFERENCES "openings" ("id") ON UPDATE NO ACTION ON DELETE SET NULL;
-- Each opening's hire becomes its candidate's hired opening (hand-written). A candidate the old
-- code hired into several openings keeps the one it filled first.
UPDATE "candidates" SET "hired_opening_id" = (SELECT "o"."id" FROM "openings" "o" WHERE "o"."hired_candidate_id" = "candidates"."id" ORDER BY "o"."time_last_status_change", "o"."id" LIMIT 1) WHERE "id" IN (SELECT "hired_candidate_id" FROM "openings");
-- Modify "openings" table
ALTER TABLE "openings" DROP COLUMN "hired_candidate_id";
-- Create index "candidate_hired_opening_id" to table: "candidates"
CREATE INDEX "candidate_hired_opening_id" ON "candidates" ("hired_opening_id");

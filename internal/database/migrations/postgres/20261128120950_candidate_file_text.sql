-- Modify "candidate_files" table
ALTER TABLE "candidate_files" ADD COLUMN "text" text NOT NULL DEFAULT '';

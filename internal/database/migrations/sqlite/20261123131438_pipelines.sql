-- Disable the enforcement of foreign-keys constraints
PRAGMA foreign_keys = off;
-- Create "pipeline_steps" table
CREATE TABLE `pipeline_steps` (`id` text NOT NULL, `name` text NOT NULL, `kind` text NOT NULL, `rank` integer NOT NULL, `assignee_ids` json NOT NULL, `company_id` text NOT NULL, `position_id` text NULL, PRIMARY KEY (`id`), CONSTRAINT `pipeline_steps_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION, CONSTRAINT `pipeline_steps_positions_pipeline_steps` FOREIGN KEY (`position_id`) REFERENCES `positions` (`id`) ON DELETE SET NULL);
-- Create index "pipelinestep_company_id_position_id_rank" to table: "pipeline_steps"
CREATE INDEX `pipelinestep_company_id_position_id_rank` ON `pipeline_steps` (`company_id`, `position_id`, `rank`);
-- Create "rejection_reasons" table
CREATE TABLE `rejection_reasons` (`id` text NOT NULL, `name` text NOT NULL, `by_candidate` bool NOT NULL DEFAULT (false), `rank` integer NOT NULL DEFAULT (0), `company_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `rejection_reasons_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION);
-- Create index "rejectionreason_company_id_name" to table: "rejection_reasons"
CREATE UNIQUE INDEX `rejectionreason_company_id_name` ON `rejection_reasons` (`company_id`, `name`);
-- Create index "rejectionreason_company_id_rank" to table: "rejection_reasons"
CREATE INDEX `rejectionreason_company_id_rank` ON `rejection_reasons` (`company_id`, `rank`);
-- Add the pipeline columns to "candidates" in place: rebuilding the table
-- would trip the foreign keys of its notes, messages and activities.
ALTER TABLE `candidates` ADD COLUMN `rejection_note` text NULL;
ALTER TABLE `candidates` ADD COLUMN `source` text NOT NULL DEFAULT ('');
ALTER TABLE `candidates` ADD COLUMN `current_step_id` text NULL CONSTRAINT `candidates_pipeline_steps_candidates` REFERENCES `pipeline_steps` (`id`) ON DELETE SET NULL;
ALTER TABLE `candidates` ADD COLUMN `rejection_reason_id` text NULL CONSTRAINT `candidates_rejection_reasons_candidates` REFERENCES `rejection_reasons` (`id`) ON DELETE SET NULL;
-- Create index "candidate_company_id_current_step_id_id" to table: "candidates"
CREATE INDEX `candidate_company_id_current_step_id_id` ON `candidates` (`company_id`, `current_step_id`, `id`);
-- Add the duplicate key to "persons" in place.
ALTER TABLE `persons` ADD COLUMN `email_normalized` text NULL;
-- Create index "person_company_id_email_normalized" to table: "persons"
CREATE UNIQUE INDEX `person_company_id_email_normalized` ON `persons` (`company_id`, `email_normalized`);
-- Create "candidate_steps" table
CREATE TABLE `candidate_steps` (`id` text NOT NULL, `name` text NOT NULL, `kind` text NOT NULL, `time_entered` datetime NOT NULL, `time_left` datetime NULL, `time_scheduled` datetime NULL, `entered_by` text NOT NULL, `left_by` text NULL, `candidate_id` text NOT NULL, `company_id` text NOT NULL, `step_id` text NULL, PRIMARY KEY (`id`), CONSTRAINT `candidate_steps_candidates_step_history` FOREIGN KEY (`candidate_id`) REFERENCES `candidates` (`id`) ON DELETE NO ACTION, CONSTRAINT `candidate_steps_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION, CONSTRAINT `candidate_steps_pipeline_steps_visits` FOREIGN KEY (`step_id`) REFERENCES `pipeline_steps` (`id`) ON DELETE SET NULL);
-- Create index "candidatestep_company_id_candidate_id_id" to table: "candidate_steps"
CREATE INDEX `candidatestep_company_id_candidate_id_id` ON `candidate_steps` (`company_id`, `candidate_id`, `id`);
-- Create index "candidatestep_step_id" to table: "candidate_steps"
CREATE INDEX `candidatestep_step_id` ON `candidate_steps` (`step_id`);
-- Create "candidate_assignees" table
CREATE TABLE `candidate_assignees` (`candidate_id` text NOT NULL, `user_id` text NOT NULL, PRIMARY KEY (`candidate_id`, `user_id`), CONSTRAINT `candidate_assignees_candidate_id` FOREIGN KEY (`candidate_id`) REFERENCES `candidates` (`id`) ON DELETE CASCADE, CONSTRAINT `candidate_assignees_user_id` FOREIGN KEY (`user_id`) REFERENCES `users` (`id`) ON DELETE CASCADE);
-- Enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;
-- Backfill the duplicate key of people recorded before it: the earliest
-- person of each address (trimmed, in lower case) gets it; later
-- duplicates keep none, so the unique index holds.
UPDATE persons SET email_normalized = lower(trim(email))
 WHERE email IS NOT NULL AND trim(email) <> ''
   AND id = (SELECT min(p2.id) FROM persons p2
              WHERE p2.company_id = persons.company_id AND lower(trim(p2.email)) = lower(trim(persons.email)));

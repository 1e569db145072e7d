-- Disable the enforcement of foreign-keys constraints
PRAGMA foreign_keys = off;
-- Create "new_candidates" table
CREATE TABLE `new_candidates` (`id` text NOT NULL, `status` text NOT NULL DEFAULT ('IN_PROGRESS'), `rejection_note` text NULL, `source` text NOT NULL DEFAULT (''), `deleted` bool NOT NULL DEFAULT (false), `current_steps` json NOT NULL, `completed_steps` json NOT NULL, `address` json NULL, `time_created` datetime NOT NULL, `time_last_status_changed` datetime NOT NULL, `time_hiring_process_updated` datetime NOT NULL, `company_id` text NOT NULL, `hired_opening_id` text NULL, `person_id` text NOT NULL, `current_step_id` text NULL, `position_id` text NOT NULL, `rejection_reason_id` text NULL, PRIMARY KEY (`id`), CONSTRAINT `candidates_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION, CONSTRAINT `candidates_openings_hires` FOREIGN KEY (`hired_opening_id`) REFERENCES `openings` (`id`) ON DELETE SET NULL, CONSTRAINT `candidates_persons_candidates` FOREIGN KEY (`person_id`) REFERENCES `persons` (`id`) ON DELETE NO ACTION, CONSTRAINT `candidates_pipeline_steps_candidates` FOREIGN KEY (`current_step_id`) REFERENCES `pipeline_steps` (`id`) ON DELETE SET NULL, CONSTRAINT `candidates_positions_candidates` FOREIGN KEY (`position_id`) REFERENCES `positions` (`id`) ON DELETE NO ACTION, CONSTRAINT `candidates_rejection_reasons_candidates` FOREIGN KEY (`rejection_reason_id`) REFERENCES `rejection_reasons` (`id`) ON DELETE SET NULL);
-- Copy rows from old table "candidates" to new temporary table "new_candidates"; each opening's
-- hire becomes its candidate's hired opening (hand-written). A candidate the old code hired into
-- several openings keeps the one it filled first.
INSERT INTO `new_candidates` (`id`, `status`, `rejection_note`, `source`, `deleted`, `current_steps`, `completed_steps`, `address`, `time_created`, `time_last_status_changed`, `time_hiring_process_updated`, `company_id`, `hired_opening_id`, `person_id`, `current_step_id`, `position_id`, `rejection_reason_id`) SELECT `id`, `status`, `rejection_note`, `source`, `deleted`, `current_steps`, `completed_steps`, `address`, `time_created`, `time_last_status_changed`, `time_hiring_process_updated`, `company_id`, (SELECT `o`.`id` FROM `openings` `o` WHERE `o`.`hired_candidate_id` = `candidates`.`id` ORDER BY `o`.`time_last_status_change`, `o`.`id` LIMIT 1), `person_id`, `current_step_id`, `position_id`, `rejection_reason_id` FROM `candidates`;
-- Drop "candidates" table after copying rows
DROP TABLE `candidates`;
-- Rename temporary table "new_candidates" to "candidates"
ALTER TABLE `new_candidates` RENAME TO `candidates`;
-- Create index "candidate_company_id_time_created_id" to table: "candidates"
CREATE INDEX `candidate_company_id_time_created_id` ON `candidates` (`company_id`, `time_created`, `id`);
-- Create index "candidate_company_id_time_last_status_changed" to table: "candidates"
CREATE INDEX `candidate_company_id_time_last_status_changed` ON `candidates` (`company_id`, `time_last_status_changed`);
-- Create index "candidate_company_id_time_hiring_process_updated" to table: "candidates"
CREATE INDEX `candidate_company_id_time_hiring_process_updated` ON `candidates` (`company_id`, `time_hiring_process_updated`);
-- Create index "candidate_company_id_status" to table: "candidates"
CREATE INDEX `candidate_company_id_status` ON `candidates` (`company_id`, `status`);
-- Create index "candidate_company_id_position_id_id" to table: "candidates"
CREATE INDEX `candidate_company_id_position_id_id` ON `candidates` (`company_id`, `position_id`, `id`);
-- Create index "candidate_company_id_person_id_id" to table: "candidates"
CREATE INDEX `candidate_company_id_person_id_id` ON `candidates` (`company_id`, `person_id`, `id`);
-- Create index "candidate_company_id_current_step_id_id" to table: "candidates"
CREATE INDEX `candidate_company_id_current_step_id_id` ON `candidates` (`company_id`, `current_step_id`, `id`);
-- Create index "candidate_hired_opening_id" to table: "candidates"
CREATE INDEX `candidate_hired_opening_id` ON `candidates` (`hired_opening_id`);
-- Create "new_openings" table
CREATE TABLE `new_openings` (`id` text NOT NULL, `name` text NOT NULL, `status` text NOT NULL DEFAULT ('OPEN'), `approval_status` text NOT NULL DEFAULT ('NA'), `reason` text NOT NULL, `headcount` integer NOT NULL DEFAULT (1), `time_expected_hire` datetime NULL, `time_approved` datetime NULL, `time_opened` datetime NOT NULL, `custom_fields` json NOT NULL, `time_created` datetime NOT NULL, `time_last_status_change` datetime NOT NULL, `time_updated` datetime NOT NULL, `company_id` text NOT NULL, `position_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `openings_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION, CONSTRAINT `openings_positions_openings` FOREIGN KEY (`position_id`) REFERENCES `positions` (`id`) ON DELETE NO ACTION);
-- Copy rows from old table "openings" to new temporary table "new_openings"
INSERT INTO `new_openings` (`id`, `name`, `status`, `approval_status`, `reason`, `headcount`, `time_expected_hire`, `time_approved`, `time_opened`, `custom_fields`, `time_created`, `time_last_status_change`, `time_updated`, `company_id`, `position_id`) SELECT `id`, `name`, `status`, `approval_status`, `reason`, `headcount`, `time_expected_hire`, `time_approved`, `time_opened`, `custom_fields`, `time_created`, `time_last_status_change`, `time_updated`, `company_id`, `position_id` FROM `openings`;
-- Drop "openings" table after copying rows
DROP TABLE `openings`;
-- Rename temporary table "new_openings" to "openings"
ALTER TABLE `new_openings` RENAME TO `openings`;
-- Create index "opening_company_id_time_created_id" to table: "openings"
CREATE INDEX `opening_company_id_time_created_id` ON `openings` (`company_id`, `time_created`, `id`);
-- Create index "opening_company_id_time_last_status_change" to table: "openings"
CREATE INDEX `opening_company_id_time_last_status_change` ON `openings` (`company_id`, `time_last_status_change`);
-- Create index "opening_company_id_time_updated" to table: "openings"
CREATE INDEX `opening_company_id_time_updated` ON `openings` (`company_id`, `time_updated`);
-- Create index "opening_company_id_approval_status" to table: "openings"
CREATE INDEX `opening_company_id_approval_status` ON `openings` (`company_id`, `approval_status`);
-- Create index "opening_company_id_status" to table: "openings"
CREATE INDEX `opening_company_id_status` ON `openings` (`company_id`, `status`);
-- Create index "opening_company_id_position_id_id" to table: "openings"
CREATE INDEX `opening_company_id_position_id_id` ON `openings` (`company_id`, `position_id`, `id`);
-- Enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;

-- Disable the enforcement of foreign-keys constraints
PRAGMA foreign_keys = off;
-- Create "new_approval_processes" table
CREATE TABLE `new_approval_processes` (`id` text NOT NULL, `name` text NOT NULL, `status` text NOT NULL DEFAULT ('STARTED'), `time_started` datetime NOT NULL, `approvers` json NOT NULL, `approvals` integer NOT NULL DEFAULT (0), `time_completed` datetime NULL, `company_id` text NOT NULL, `opening_approval_process` text NULL, PRIMARY KEY (`id`), CONSTRAINT `approval_processes_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION, CONSTRAINT `approval_processes_openings_approval_process` FOREIGN KEY (`opening_approval_process`) REFERENCES `openings` (`id`) ON DELETE SET NULL);
-- Copy rows from old table "approval_processes" to new temporary table "new_approval_processes"
-- Existing approvals name no approvers: any user with openings:approve
-- decides them, as before.
INSERT INTO `new_approval_processes` (`id`, `name`, `status`, `time_started`, `approvers`, `time_completed`, `company_id`, `opening_approval_process`) SELECT `id`, `name`, `status`, `time_started`, '[]', `time_completed`, `company_id`, `opening_approval_process` FROM `approval_processes`;
-- Drop "approval_processes" table after copying rows
DROP TABLE `approval_processes`;
-- Rename temporary table "new_approval_processes" to "approval_processes"
ALTER TABLE `new_approval_processes` RENAME TO `approval_processes`;
-- Create index "approval_processes_opening_approval_process_key" to table: "approval_processes"
CREATE UNIQUE INDEX `approval_processes_opening_approval_process_key` ON `approval_processes` (`opening_approval_process`);
-- Create "new_position_hiring_team" table
CREATE TABLE `new_position_hiring_team` (`role` text NOT NULL DEFAULT ('INTERVIEWER'), `position_id` text NOT NULL, `user_id` text NOT NULL, PRIMARY KEY (`position_id`, `user_id`), CONSTRAINT `position_hiring_team_positions_position` FOREIGN KEY (`position_id`) REFERENCES `positions` (`id`) ON DELETE CASCADE, CONSTRAINT `position_hiring_team_users_user` FOREIGN KEY (`user_id`) REFERENCES `users` (`id`) ON DELETE CASCADE);
-- Copy rows from old table "position_hiring_team" to new temporary table "new_position_hiring_team"
INSERT INTO `new_position_hiring_team` (`position_id`, `user_id`) SELECT `position_id`, `user_id` FROM `position_hiring_team`;
-- Drop "position_hiring_team" table after copying rows
DROP TABLE `position_hiring_team`;
-- Rename temporary table "new_position_hiring_team" to "position_hiring_team"
ALTER TABLE `new_position_hiring_team` RENAME TO `position_hiring_team`;
-- Existing members take the role the position's leads hold; everyone
-- else on a team interviews (the column's default).
UPDATE "position_hiring_team" SET "role" = 'COORDINATOR' WHERE EXISTS (SELECT 1 FROM "positions" WHERE "positions"."id" = "position_hiring_team"."position_id" AND "positions"."coordinator_id" = "position_hiring_team"."user_id");
UPDATE "position_hiring_team" SET "role" = 'RECRUITER' WHERE EXISTS (SELECT 1 FROM "positions" WHERE "positions"."id" = "position_hiring_team"."position_id" AND "positions"."lead_recruiter_id" = "position_hiring_team"."user_id");
UPDATE "position_hiring_team" SET "role" = 'HIRING_MANAGER' WHERE EXISTS (SELECT 1 FROM "positions" WHERE "positions"."id" = "position_hiring_team"."position_id" AND "positions"."hiring_manager_id" = "position_hiring_team"."user_id");
-- Enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;

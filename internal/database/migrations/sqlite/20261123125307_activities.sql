-- Create "activities" table
CREATE TABLE `activities` (`id` text NOT NULL, `verb` text NOT NULL, `actor_type` text NOT NULL, `actor_id` text NULL, `actor_name` text NULL, `object_type` text NOT NULL, `object_id` text NOT NULL, `changes` json NOT NULL, `time_created` datetime NOT NULL, `company_id` text NOT NULL, `candidate_id` text NULL, `position_id` text NULL, PRIMARY KEY (`id`), CONSTRAINT `activities_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION, CONSTRAINT `activities_candidates_activities` FOREIGN KEY (`candidate_id`) REFERENCES `candidates` (`id`) ON DELETE SET NULL, CONSTRAINT `activities_positions_activities` FOREIGN KEY (`position_id`) REFERENCES `positions` (`id`) ON DELETE SET NULL);
-- Create index "activity_company_id_candidate_id_id" to table: "activities"
CREATE INDEX `activity_company_id_candidate_id_id` ON `activities` (`company_id`, `candidate_id`, `id`);
-- Create index "activity_company_id_position_id_id" to table: "activities"
CREATE INDEX `activity_company_id_position_id_id` ON `activities` (`company_id`, `position_id`, `id`);
-- Create index "activity_company_id_time_created_id" to table: "activities"
CREATE INDEX `activity_company_id_time_created_id` ON `activities` (`company_id`, `time_created`, `id`);

-- Create "interviews" table
CREATE TABLE `interviews` (`id` text NOT NULL, `status` text NOT NULL DEFAULT ('SCHEDULED'), `time_start` datetime NOT NULL, `time_end` datetime NOT NULL, `time_zone` text NOT NULL, `location` text NOT NULL DEFAULT (''), `video_url` text NOT NULL DEFAULT (''), `instructions` text NOT NULL DEFAULT (''), `sequence` integer NOT NULL DEFAULT (0), `time_created` datetime NOT NULL, `time_updated` datetime NOT NULL, `time_cancelled` datetime NULL, `candidate_id` text NOT NULL, `company_id` text NOT NULL, `step_id` text NULL, `organizer_id` text NOT NULL, `position_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `interviews_candidates_interviews` FOREIGN KEY (`candidate_id`) REFERENCES `candidates` (`id`) ON DELETE NO ACTION, CONSTRAINT `interviews_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION, CONSTRAINT `interviews_pipeline_steps_step` FOREIGN KEY (`step_id`) REFERENCES `pipeline_steps` (`id`) ON DELETE SET NULL, CONSTRAINT `interviews_users_organizer` FOREIGN KEY (`organizer_id`) REFERENCES `users` (`id`) ON DELETE NO ACTION, CONSTRAINT `interviews_positions_interviews` FOREIGN KEY (`position_id`) REFERENCES `positions` (`id`) ON DELETE NO ACTION);
-- Create index "interview_company_id_candidate_id_id" to table: "interviews"
CREATE INDEX `interview_company_id_candidate_id_id` ON `interviews` (`company_id`, `candidate_id`, `id`);
-- Create index "interview_company_id_position_id_id" to table: "interviews"
CREATE INDEX `interview_company_id_position_id_id` ON `interviews` (`company_id`, `position_id`, `id`);
-- Create index "interview_step_id" to table: "interviews"
CREATE INDEX `interview_step_id` ON `interviews` (`step_id`);
-- Create "interview_interviewers" table
CREATE TABLE `interview_interviewers` (`interview_id` text NOT NULL, `user_id` text NOT NULL, PRIMARY KEY (`interview_id`, `user_id`), CONSTRAINT `interview_interviewers_interviews_interview` FOREIGN KEY (`interview_id`) REFERENCES `interviews` (`id`) ON DELETE CASCADE, CONSTRAINT `interview_interviewers_users_user` FOREIGN KEY (`user_id`) REFERENCES `users` (`id`) ON DELETE CASCADE);
-- Create index "interviewinterviewer_user_id_interview_id" to table: "interview_interviewers"
CREATE INDEX `interviewinterviewer_user_id_interview_id` ON `interview_interviewers` (`user_id`, `interview_id`);

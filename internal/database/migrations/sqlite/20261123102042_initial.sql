-- Create "api_keys" table
CREATE TABLE `api_keys` (`id` text NOT NULL, `name` text NOT NULL DEFAULT (''), `secret_hash` text NOT NULL, `sealed_secret` blob NOT NULL, `scopes` json NOT NULL, `revoked` bool NOT NULL DEFAULT (false), `time_created` datetime NOT NULL, `company_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `api_keys_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION);
-- Create index "apikey_secret_hash" to table: "api_keys"
CREATE UNIQUE INDEX `apikey_secret_hash` ON `api_keys` (`secret_hash`);
-- Create "approval_processes" table
CREATE TABLE `approval_processes` (`id` text NOT NULL, `name` text NOT NULL, `status` text NOT NULL DEFAULT ('STARTED'), `time_started` datetime NOT NULL, `time_completed` datetime NULL, `company_id` text NOT NULL, `opening_approval_process` text NULL, PRIMARY KEY (`id`), CONSTRAINT `approval_processes_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION, CONSTRAINT `approval_processes_openings_approval_process` FOREIGN KEY (`opening_approval_process`) REFERENCES `openings` (`id`) ON DELETE SET NULL);
-- Create index "approval_processes_opening_approval_process_key" to table: "approval_processes"
CREATE UNIQUE INDEX `approval_processes_opening_approval_process_key` ON `approval_processes` (`opening_approval_process`);
-- Create "candidates" table
CREATE TABLE `candidates` (`id` text NOT NULL, `status` text NOT NULL DEFAULT ('IN_PROGRESS'), `deleted` bool NOT NULL DEFAULT (false), `current_steps` json NOT NULL, `completed_steps` json NOT NULL, `address` json NULL, `time_created` datetime NOT NULL, `time_last_status_changed` datetime NOT NULL, `time_hiring_process_updated` datetime NOT NULL, `company_id` text NOT NULL, `person_id` text NOT NULL, `position_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `candidates_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION, CONSTRAINT `candidates_persons_candidates` FOREIGN KEY (`person_id`) REFERENCES `persons` (`id`) ON DELETE NO ACTION, CONSTRAINT `candidates_positions_candidates` FOREIGN KEY (`position_id`) REFERENCES `positions` (`id`) ON DELETE NO ACTION);
-- Create index "candidate_company_id_time_created_id" to table: "candidates"
CREATE INDEX `candidate_company_id_time_created_id` ON `candidates` (`company_id`, `time_created`, `id`);
-- Create index "candidate_company_id_time_last_status_changed" to table: "candidates"
CREATE INDEX `candidate_company_id_time_last_status_changed` ON `candidates` (`company_id`, `time_last_status_changed`);
-- Create index "candidate_company_id_time_hiring_process_updated" to table: "candidates"
CREATE INDEX `candidate_company_id_time_hiring_process_updated` ON `candidates` (`company_id`, `time_hiring_process_updated`);
-- Create index "candidate_company_id_status" to table: "candidates"
CREATE INDEX `candidate_company_id_status` ON `candidates` (`company_id`, `status`);
-- Create index "candidate_person_id" to table: "candidates"
CREATE INDEX `candidate_person_id` ON `candidates` (`person_id`);
-- Create index "candidate_position_id_id" to table: "candidates"
CREATE INDEX `candidate_position_id_id` ON `candidates` (`position_id`, `id`);
-- Create "companies" table
CREATE TABLE `companies` (`id` text NOT NULL, `name` text NOT NULL, `careers_token` text NOT NULL, `time_created` datetime NOT NULL, PRIMARY KEY (`id`));
-- Create "contacts" table
CREATE TABLE `contacts` (`id` text NOT NULL, `type` text NOT NULL, `first_name` text NOT NULL, `middle_name` text NULL, `last_name` text NULL, `email` text NULL, `time_created` datetime NOT NULL, `company_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `contacts_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION);
-- Create index "contact_company_id_type_email" to table: "contacts"
CREATE INDEX `contact_company_id_type_email` ON `contacts` (`company_id`, `type`, `email`);
-- Create "conversations" table
CREATE TABLE `conversations` (`id` text NOT NULL, `subject` text NOT NULL DEFAULT (''), `time_created` datetime NOT NULL, `candidate_conversations` text NULL, `company_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `conversations_candidates_conversations` FOREIGN KEY (`candidate_conversations`) REFERENCES `candidates` (`id`) ON DELETE SET NULL, CONSTRAINT `conversations_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION);
-- Create "evaluation_partners" table
CREATE TABLE `evaluation_partners` (`id` text NOT NULL, `name` text NOT NULL, `submit_url` text NOT NULL, `tests_url` text NULL, `auth_mode` text NOT NULL DEFAULT ('STATIC_TOKEN'), `sealed_access_token` blob NULL, `sealed_signing_secret` blob NULL, `required_fields` json NOT NULL, `can_see_offers` bool NOT NULL DEFAULT (false), `test_catalog` json NOT NULL, `time_catalog_fetched` datetime NULL, `time_created` datetime NOT NULL, `company_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `evaluation_partners_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION);
-- Create "field_definitions" table
CREATE TABLE `field_definitions` (`id` text NOT NULL, `scope` text NOT NULL, `name` text NOT NULL, `kind` text NOT NULL DEFAULT ('TEXT'), `options` json NOT NULL, `internal_use` bool NOT NULL DEFAULT (false), `company_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `field_definitions_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION);
-- Create index "fielddefinition_company_id_scope_name" to table: "field_definitions"
CREATE UNIQUE INDEX `fielddefinition_company_id_scope_name` ON `field_definitions` (`company_id`, `scope`, `name`);
-- Create "idempotency_keys" table
CREATE TABLE `idempotency_keys` (`id` text NOT NULL, `key` text NOT NULL, `request_hash` text NOT NULL, `status` integer NOT NULL DEFAULT (0), `content_type` text NOT NULL DEFAULT (''), `response` blob NULL, `time_created` datetime NOT NULL, `company_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `idempotency_keys_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION);
-- Create index "idempotencykey_company_id_key" to table: "idempotency_keys"
CREATE UNIQUE INDEX `idempotencykey_company_id_key` ON `idempotency_keys` (`company_id`, `key`);
-- Create "locations" table
CREATE TABLE `locations` (`id` text NOT NULL, `name` text NOT NULL, `country` text NOT NULL DEFAULT (''), `city` text NOT NULL DEFAULT (''), `state` text NOT NULL DEFAULT (''), `postal_code` text NOT NULL DEFAULT (''), `street_name` text NOT NULL DEFAULT (''), `street_number` text NOT NULL DEFAULT (''), `arrival_instructions` text NULL, `timezone` text NOT NULL DEFAULT ('UTC'), `company_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `locations_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION);
-- Create "messages" table
CREATE TABLE `messages` (`id` text NOT NULL, `time_sent` datetime NOT NULL, `status` text NOT NULL DEFAULT (''), `subject` text NOT NULL DEFAULT (''), `body` text NOT NULL, `from` json NOT NULL, `to` json NOT NULL, `cc` json NOT NULL, `bcc` json NOT NULL, `conversation_id` text NOT NULL, `company_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `messages_conversations_messages` FOREIGN KEY (`conversation_id`) REFERENCES `conversations` (`id`) ON DELETE NO ACTION, CONSTRAINT `messages_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION);
-- Create index "message_conversation_id_time_sent" to table: "messages"
CREATE INDEX `message_conversation_id_time_sent` ON `messages` (`conversation_id`, `time_sent`);
-- Create "notes" table
CREATE TABLE `notes` (`id` text NOT NULL, `time_created` datetime NOT NULL, `created_by` json NOT NULL, `text` text NOT NULL, `details` json NOT NULL, `candidate_id` text NOT NULL, `company_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `notes_candidates_notes` FOREIGN KEY (`candidate_id`) REFERENCES `candidates` (`id`) ON DELETE NO ACTION, CONSTRAINT `notes_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION);
-- Create index "note_candidate_id_time_created" to table: "notes"
CREATE INDEX `note_candidate_id_time_created` ON `notes` (`candidate_id`, `time_created`);
-- Create "offer_letters" table
CREATE TABLE `offer_letters` (`id` text NOT NULL, `file_name` text NOT NULL, `content` blob NOT NULL, `signed` bool NOT NULL DEFAULT (false), `time_created` datetime NOT NULL, `candidate_id` text NOT NULL, `company_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `offer_letters_candidates_offer_letters` FOREIGN KEY (`candidate_id`) REFERENCES `candidates` (`id`) ON DELETE NO ACTION, CONSTRAINT `offer_letters_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION);
-- Create "openings" table
CREATE TABLE `openings` (`id` text NOT NULL, `name` text NOT NULL, `status` text NOT NULL DEFAULT ('OPEN'), `approval_status` text NOT NULL DEFAULT ('NA'), `reason` text NOT NULL, `headcount` integer NOT NULL DEFAULT (1), `time_expected_hire` datetime NULL, `time_approved` datetime NULL, `time_opened` datetime NOT NULL, `custom_fields` json NOT NULL, `time_created` datetime NOT NULL, `time_last_status_change` datetime NOT NULL, `time_updated` datetime NOT NULL, `company_id` text NOT NULL, `hired_candidate_id` text NULL, `position_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `openings_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION, CONSTRAINT `openings_candidates_hired_candidate` FOREIGN KEY (`hired_candidate_id`) REFERENCES `candidates` (`id`) ON DELETE SET NULL, CONSTRAINT `openings_positions_openings` FOREIGN KEY (`position_id`) REFERENCES `positions` (`id`) ON DELETE NO ACTION);
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
-- Create index "opening_position_id_id" to table: "openings"
CREATE INDEX `opening_position_id_id` ON `openings` (`position_id`, `id`);
-- Create index "opening_hired_candidate_id" to table: "openings"
CREATE INDEX `opening_hired_candidate_id` ON `openings` (`hired_candidate_id`);
-- Create "persons" table
CREATE TABLE `persons` (`id` text NOT NULL, `first_name` text NOT NULL, `middle_name` text NULL, `last_name` text NULL, `email` text NULL, `phone` text NULL, `id_number` text NULL, `resume_name` text NULL, `resume_url` text NULL, `time_last_activity` datetime NOT NULL, `time_created` datetime NOT NULL, `company_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `persons_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION);
-- Create index "person_company_id_time_last_activity" to table: "persons"
CREATE INDEX `person_company_id_time_last_activity` ON `persons` (`company_id`, `time_last_activity`);
-- Create index "person_company_id_email" to table: "persons"
CREATE INDEX `person_company_id_email` ON `persons` (`company_id`, `email`);
-- Create "positions" table
CREATE TABLE `positions` (`id` text NOT NULL, `name` text NOT NULL, `status` text NOT NULL DEFAULT ('OPEN'), `is_template` bool NOT NULL DEFAULT (false), `is_discreet` bool NOT NULL DEFAULT (false), `is_published` bool NOT NULL DEFAULT (false), `is_talent_pool` bool NOT NULL DEFAULT (false), `department` text NOT NULL DEFAULT (''), `email` text NOT NULL DEFAULT (''), `url_service_hosted_page` text NOT NULL DEFAULT (''), `url_active_page` text NOT NULL DEFAULT (''), `employment_type` text NOT NULL DEFAULT (''), `experience_level` text NOT NULL DEFAULT (''), `workplace_type` text NOT NULL DEFAULT (''), `internal_use_custom_id` text NULL, `picture_url` text NOT NULL DEFAULT (''), `salary_range` json NULL, `categories` json NOT NULL, `details` json NOT NULL, `workflow` json NOT NULL, `time_created` datetime NOT NULL, `time_updated` datetime NOT NULL, `company_id` text NOT NULL, `location_id` text NULL, `template_id` text NULL, `lead_recruiter_id` text NULL, `hiring_manager_id` text NULL, `coordinator_id` text NULL, PRIMARY KEY (`id`), CONSTRAINT `positions_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION, CONSTRAINT `positions_locations_location` FOREIGN KEY (`location_id`) REFERENCES `locations` (`id`) ON DELETE SET NULL, CONSTRAINT `positions_positions_clones` FOREIGN KEY (`template_id`) REFERENCES `positions` (`id`) ON DELETE SET NULL, CONSTRAINT `positions_users_lead_recruiter` FOREIGN KEY (`lead_recruiter_id`) REFERENCES `users` (`id`) ON DELETE SET NULL, CONSTRAINT `positions_users_hiring_manager` FOREIGN KEY (`hiring_manager_id`) REFERENCES `users` (`id`) ON DELETE SET NULL, CONSTRAINT `positions_users_coordinator` FOREIGN KEY (`coordinator_id`) REFERENCES `users` (`id`) ON DELETE SET NULL);
-- Create index "position_company_id_is_published_is_template" to table: "positions"
CREATE INDEX `position_company_id_is_published_is_template` ON `positions` (`company_id`, `is_published`, `is_template`);
-- Create index "position_company_id_time_updated" to table: "positions"
CREATE INDEX `position_company_id_time_updated` ON `positions` (`company_id`, `time_updated`);
-- Create "questionnaires" table
CREATE TABLE `questionnaires` (`id` text NOT NULL, `name` text NOT NULL, `specific_type` text NOT NULL DEFAULT (''), `enabled_for` text NOT NULL DEFAULT (''), `show_as` text NOT NULL DEFAULT (''), `questions` json NOT NULL, `time_created` datetime NOT NULL, `company_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `questionnaires_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION);
-- Create index "questionnaire_company_id_time_created_id" to table: "questionnaires"
CREATE INDEX `questionnaire_company_id_time_created_id` ON `questionnaires` (`company_id`, `time_created`, `id`);
-- Create "test_submissions" table
CREATE TABLE `test_submissions` (`id` text NOT NULL, `test_id` text NOT NULL, `status` text NOT NULL, `candidate_evaluation_id` text NULL, `display_message` text NULL, `error_code` text NULL, `outcome` text NULL, `score` integer NULL, `summary` text NULL, `result_urls` json NOT NULL, `completed` bool NOT NULL DEFAULT (false), `time_submitted` datetime NOT NULL, `time_updated` datetime NOT NULL, `candidate_id` text NOT NULL, `partner_id` text NOT NULL, `company_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `test_submissions_candidates_test_submissions` FOREIGN KEY (`candidate_id`) REFERENCES `candidates` (`id`) ON DELETE NO ACTION, CONSTRAINT `test_submissions_evaluation_partners_test_submissions` FOREIGN KEY (`partner_id`) REFERENCES `evaluation_partners` (`id`) ON DELETE NO ACTION, CONSTRAINT `test_submissions_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION);
-- Create index "testsubmission_company_id_candidate_evaluation_id" to table: "test_submissions"
CREATE UNIQUE INDEX `testsubmission_company_id_candidate_evaluation_id` ON `test_submissions` (`company_id`, `candidate_evaluation_id`);
-- Create index "testsubmission_candidate_id" to table: "test_submissions"
CREATE INDEX `testsubmission_candidate_id` ON `test_submissions` (`candidate_id`);
-- Create "users" table
CREATE TABLE `users` (`id` text NOT NULL, `email` text NOT NULL, `first_name` text NOT NULL, `middle_name` text NULL, `last_name` text NULL, `roles` json NOT NULL, `time_created` datetime NOT NULL, `company_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `users_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION);
-- Create index "user_company_id_email" to table: "users"
CREATE UNIQUE INDEX `user_company_id_email` ON `users` (`company_id`, `email`);
-- Create index "user_company_id_time_created" to table: "users"
CREATE INDEX `user_company_id_time_created` ON `users` (`company_id`, `time_created`);
-- Create "position_hiring_team" table
CREATE TABLE `position_hiring_team` (`position_id` text NOT NULL, `user_id` text NOT NULL, PRIMARY KEY (`position_id`, `user_id`), CONSTRAINT `position_hiring_team_position_id` FOREIGN KEY (`position_id`) REFERENCES `positions` (`id`) ON DELETE CASCADE, CONSTRAINT `position_hiring_team_user_id` FOREIGN KEY (`user_id`) REFERENCES `users` (`id`) ON DELETE CASCADE);
-- Create "position_questionnaires" table
CREATE TABLE `position_questionnaires` (`position_id` text NOT NULL, `questionnaire_id` text NOT NULL, PRIMARY KEY (`position_id`, `questionnaire_id`), CONSTRAINT `position_questionnaires_position_id` FOREIGN KEY (`position_id`) REFERENCES `positions` (`id`) ON DELETE CASCADE, CONSTRAINT `position_questionnaires_questionnaire_id` FOREIGN KEY (`questionnaire_id`) REFERENCES `questionnaires` (`id`) ON DELETE CASCADE);

-- Create "applications" table
CREATE TABLE `applications` (`id` text NOT NULL, `email` text NOT NULL, `source` text NOT NULL, `linkedin_url` text NOT NULL DEFAULT (''), `cover_letter` text NOT NULL DEFAULT (''), `answers` json NOT NULL, `consent_text` text NOT NULL, `time_consented` datetime NOT NULL, `time_created` datetime NOT NULL, `company_id` text NOT NULL, `candidate_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `applications_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION, CONSTRAINT `applications_candidates_applications` FOREIGN KEY (`candidate_id`) REFERENCES `candidates` (`id`) ON DELETE NO ACTION);
-- Create index "application_company_id_candidate_id_id" to table: "applications"
CREATE INDEX `application_company_id_candidate_id_id` ON `applications` (`company_id`, `candidate_id`, `id`);
-- Create index "application_company_id_email_time_created" to table: "applications"
CREATE INDEX `application_company_id_email_time_created` ON `applications` (`company_id`, `email`, `time_created`);
-- Create "candidate_files" table
CREATE TABLE `candidate_files` (`id` text NOT NULL, `kind` text NOT NULL DEFAULT ('ATTACHMENT'), `file_name` text NOT NULL, `content_type` text NOT NULL, `size` integer NOT NULL, `storage_key` text NOT NULL, `time_created` datetime NOT NULL, `candidate_id` text NOT NULL, `company_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `candidate_files_candidates_files` FOREIGN KEY (`candidate_id`) REFERENCES `candidates` (`id`) ON DELETE NO ACTION, CONSTRAINT `candidate_files_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION);
-- Create index "candidatefile_company_id_candidate_id_id" to table: "candidate_files"
CREATE INDEX `candidatefile_company_id_candidate_id_id` ON `candidate_files` (`company_id`, `candidate_id`, `id`);

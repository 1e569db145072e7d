-- Create "applications" table
CREATE TABLE `applications` (`id` text NOT NULL, `email` text NOT NULL, `source` text NOT NULL, `linkedin_url` text NOT NULL DEFAULT (''), `cover_letter` text NOT NULL DEFAULT (''), `answers` json NOT NULL, `consent_text` text NOT NULL, `time_consented` datetime NOT NULL, `time_created` datetime NOT NULL, `company_id` text NOT NULL, `candidate_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `applications_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION, CONSTRAINT `applications_candidates_applications` FOREIGN KEY (`candidate_id`) REFERENCES `candidates` (`id`) ON DELETE NO ACTION);
-- Create index "application_company_id_candidate_id_id" to table: "applications"
CREATE INDEX `application_company_id_candidate_id_id` ON `applications` (`company_id`, `candidate_id`, `id`);
-- Create index "application_company_id_email_time_created" to table: "applications"
CREATE INDEX `application_company_id_email_time_created` ON `applications` (`company_id`, `email`, `time_created`);

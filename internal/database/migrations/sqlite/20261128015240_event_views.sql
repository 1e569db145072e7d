-- SQLite adds a NOT NULL column only with a default, which ent/schema does
-- not declare: the two tables are rebuilt, rows from before getting '[]'.
-- Applications from before have no demographic answers stored apart (their
-- answers stay as they were given); endpoints from before receive no
-- salary, demographic answers or discreet positions until given permissions.
-- Disable the enforcement of foreign-keys constraints
PRAGMA foreign_keys = off;
-- Create "new_applications" table
CREATE TABLE `new_applications` (`id` text NOT NULL, `email` text NOT NULL, `source` text NOT NULL, `linkedin_url` text NOT NULL DEFAULT (''), `cover_letter` text NOT NULL DEFAULT (''), `answers` json NOT NULL, `demographic_answers` json NOT NULL, `consent_text` text NOT NULL, `time_consented` datetime NOT NULL, `time_created` datetime NOT NULL, `company_id` text NOT NULL, `candidate_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `applications_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION, CONSTRAINT `applications_candidates_applications` FOREIGN KEY (`candidate_id`) REFERENCES `candidates` (`id`) ON DELETE NO ACTION);
-- Copy rows from old table "applications" to new temporary table "new_applications"
INSERT INTO `new_applications` (`id`, `email`, `source`, `linkedin_url`, `cover_letter`, `answers`, `demographic_answers`, `consent_text`, `time_consented`, `time_created`, `company_id`, `candidate_id`) SELECT `id`, `email`, `source`, `linkedin_url`, `cover_letter`, `answers`, '[]', `consent_text`, `time_consented`, `time_created`, `company_id`, `candidate_id` FROM `applications`;
-- Drop "applications" table after copying rows
DROP TABLE `applications`;
-- Rename temporary table "new_applications" to "applications"
ALTER TABLE `new_applications` RENAME TO `applications`;
-- Create index "application_company_id_candidate_id_id" to table: "applications"
CREATE INDEX `application_company_id_candidate_id_id` ON `applications` (`company_id`, `candidate_id`, `id`);
-- Create index "application_company_id_email_time_created" to table: "applications"
CREATE INDEX `application_company_id_email_time_created` ON `applications` (`company_id`, `email`, `time_created`);
-- Create "new_webhook_endpoints" table
CREATE TABLE `new_webhook_endpoints` (`id` text NOT NULL, `url` text NOT NULL, `event_types` json NOT NULL, `permissions` json NOT NULL, `active` bool NOT NULL DEFAULT (true), `sealed_secret` blob NOT NULL, `sealed_previous_secret` blob NULL, `previous_secret_expires` datetime NULL, `failing` bool NOT NULL DEFAULT (false), `time_created` datetime NOT NULL, `queued_through_txid` integer NOT NULL DEFAULT (0), `queued_through` integer NOT NULL DEFAULT (0), `company_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `webhook_endpoints_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION);
-- Copy rows from old table "webhook_endpoints" to new temporary table "new_webhook_endpoints"
INSERT INTO `new_webhook_endpoints` (`id`, `url`, `event_types`, `permissions`, `active`, `sealed_secret`, `sealed_previous_secret`, `previous_secret_expires`, `failing`, `time_created`, `queued_through_txid`, `queued_through`, `company_id`) SELECT `id`, `url`, `event_types`, '[]', `active`, `sealed_secret`, `sealed_previous_secret`, `previous_secret_expires`, `failing`, `time_created`, `queued_through_txid`, `queued_through`, `company_id` FROM `webhook_endpoints`;
-- Drop "webhook_endpoints" table after copying rows
DROP TABLE `webhook_endpoints`;
-- Rename temporary table "new_webhook_endpoints" to "webhook_endpoints"
ALTER TABLE `new_webhook_endpoints` RENAME TO `webhook_endpoints`;
-- Enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;

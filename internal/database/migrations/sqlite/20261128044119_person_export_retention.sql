-- Add column "retention_days" to table: "companies"
ALTER TABLE `companies` ADD COLUMN `retention_days` integer NULL;
-- Add column "time_consent_expires" to table: "applications"
ALTER TABLE `applications` ADD COLUMN `time_consent_expires` datetime NULL;
-- Create "person_exports" table
CREATE TABLE `person_exports` (`id` text NOT NULL, `person_id` text NOT NULL, `requested_by` text NOT NULL DEFAULT (''), `status` text NOT NULL DEFAULT ('QUEUED'), `failure` text NOT NULL DEFAULT (''), `storage_key` text NULL, `size` integer NOT NULL DEFAULT (0), `time_created` datetime NOT NULL, `time_completed` datetime NULL, `company_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `person_exports_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION);
-- Create index "personexport_company_id_person_id" to table: "person_exports"
CREATE INDEX `personexport_company_id_person_id` ON `person_exports` (`company_id`, `person_id`);

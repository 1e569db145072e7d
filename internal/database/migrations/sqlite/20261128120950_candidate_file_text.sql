-- Disable the enforcement of foreign-keys constraints
PRAGMA foreign_keys = off;
-- Create "new_candidate_files" table
CREATE TABLE `new_candidate_files` (`id` text NOT NULL, `kind` text NOT NULL DEFAULT ('ATTACHMENT'), `file_name` text NOT NULL, `content_type` text NOT NULL, `size` integer NOT NULL, `storage_key` text NOT NULL, `text` text NOT NULL DEFAULT (''), `time_created` datetime NOT NULL, `candidate_id` text NOT NULL, `company_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `candidate_files_candidates_files` FOREIGN KEY (`candidate_id`) REFERENCES `candidates` (`id`) ON DELETE NO ACTION, CONSTRAINT `candidate_files_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION);
-- Copy rows from old table "candidate_files" to new temporary table "new_candidate_files"
INSERT INTO `new_candidate_files` (`id`, `kind`, `file_name`, `content_type`, `size`, `storage_key`, `time_created`, `candidate_id`, `company_id`) SELECT `id`, `kind`, `file_name`, `content_type`, `size`, `storage_key`, `time_created`, `candidate_id`, `company_id` FROM `candidate_files`;
-- Drop "candidate_files" table after copying rows
DROP TABLE `candidate_files`;
-- Rename temporary table "new_candidate_files" to "candidate_files"
ALTER TABLE `new_candidate_files` RENAME TO `candidate_files`;
-- Create index "candidatefile_company_id_candidate_id_id" to table: "candidate_files"
CREATE INDEX `candidatefile_company_id_candidate_id_id` ON `candidate_files` (`company_id`, `candidate_id`, `id`);
-- Enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;

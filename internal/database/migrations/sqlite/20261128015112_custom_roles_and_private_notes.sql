-- Add columns to "notes" in place: rebuilding the table would copy every note
ALTER TABLE `notes` ADD COLUMN `private` bool NOT NULL DEFAULT (false);
ALTER TABLE `notes` ADD COLUMN `author_id` text NULL;
-- Create "roles" table
CREATE TABLE `roles` (`id` text NOT NULL, `name` text NOT NULL, `description` text NOT NULL DEFAULT (''), `permissions` json NOT NULL, `time_created` datetime NOT NULL, `company_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `roles_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION);
-- Create index "role_company_id_name" to table: "roles"
CREATE UNIQUE INDEX `role_company_id_name` ON `roles` (`company_id`, `name`);

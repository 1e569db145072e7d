-- Disable the enforcement of foreign-keys constraints
PRAGMA foreign_keys = off;
-- Create "new_api_keys" table
CREATE TABLE `new_api_keys` (`id` text NOT NULL, `name` text NOT NULL DEFAULT (''), `secret_hash` text NOT NULL, `sealed_secret` blob NOT NULL, `scopes` json NOT NULL, `revoked` bool NOT NULL DEFAULT (false), `time_created` datetime NOT NULL, `time_last_used` datetime NULL, `company_id` text NOT NULL, `user_id` text NULL, `partner_id` text NULL, PRIMARY KEY (`id`), CONSTRAINT `api_keys_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION, CONSTRAINT `api_keys_users_user` FOREIGN KEY (`user_id`) REFERENCES `users` (`id`) ON DELETE SET NULL, CONSTRAINT `api_keys_evaluation_partners_partner` FOREIGN KEY (`partner_id`) REFERENCES `evaluation_partners` (`id`) ON DELETE SET NULL);
-- Copy rows from old table "api_keys" to new temporary table "new_api_keys"
INSERT INTO `new_api_keys` (`id`, `name`, `secret_hash`, `sealed_secret`, `scopes`, `revoked`, `time_created`, `company_id`) SELECT `id`, `name`, `secret_hash`, `sealed_secret`, `scopes`, `revoked`, `time_created`, `company_id` FROM `api_keys`;
-- Drop "api_keys" table after copying rows
DROP TABLE `api_keys`;
-- Rename temporary table "new_api_keys" to "api_keys"
ALTER TABLE `new_api_keys` RENAME TO `api_keys`;
-- Create index "apikey_secret_hash" to table: "api_keys"
CREATE UNIQUE INDEX `apikey_secret_hash` ON `api_keys` (`secret_hash`);
-- Create "new_users" table
CREATE TABLE `new_users` (`id` text NOT NULL, `email` text NOT NULL, `first_name` text NOT NULL, `middle_name` text NULL, `last_name` text NULL, `roles` json NOT NULL, `active` bool NOT NULL DEFAULT (true), `time_created` datetime NOT NULL, `company_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `users_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION);
-- Copy rows from old table "users" to new temporary table "new_users"
INSERT INTO `new_users` (`id`, `email`, `first_name`, `middle_name`, `last_name`, `roles`, `time_created`, `company_id`) SELECT `id`, `email`, `first_name`, `middle_name`, `last_name`, `roles`, `time_created`, `company_id` FROM `users`;
-- Drop "users" table after copying rows
DROP TABLE `users`;
-- Rename temporary table "new_users" to "users"
ALTER TABLE `new_users` RENAME TO `users`;
-- Create index "user_company_id_email" to table: "users"
CREATE UNIQUE INDEX `user_company_id_email` ON `users` (`company_id`, `email`);
-- Create index "user_company_id_time_created" to table: "users"
CREATE INDEX `user_company_id_time_created` ON `users` (`company_id`, `time_created`);
-- Enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;

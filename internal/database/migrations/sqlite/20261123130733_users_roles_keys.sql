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
-- Add column "active" to table: "users". Written by hand: atlas would
-- rebuild the table, and dropping users inside the migration's transaction
-- (where PRAGMA foreign_keys = off has no effect) cascades to the hiring
-- teams and clears positions' recruiters and managers.
ALTER TABLE `users` ADD COLUMN `active` bool NOT NULL DEFAULT (true);
-- Enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;

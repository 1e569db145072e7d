-- Disable the enforcement of foreign-keys constraints
PRAGMA foreign_keys = off;
-- Create "new_idempotency_keys" table
CREATE TABLE `new_idempotency_keys` (`id` text NOT NULL, `key` text NOT NULL, `path` text NOT NULL DEFAULT (''), `request_hash` text NOT NULL, `status` integer NOT NULL DEFAULT (0), `content_type` text NOT NULL DEFAULT (''), `response` blob NULL, `time_created` datetime NOT NULL, `company_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `idempotency_keys_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION);
-- Copy rows from old table "idempotency_keys" to new temporary table "new_idempotency_keys"
INSERT INTO `new_idempotency_keys` (`id`, `key`, `request_hash`, `status`, `content_type`, `response`, `time_created`, `company_id`) SELECT `id`, `key`, `request_hash`, `status`, `content_type`, `response`, `time_created`, `company_id` FROM `idempotency_keys`;
-- Drop "idempotency_keys" table after copying rows
DROP TABLE `idempotency_keys`;
-- Rename temporary table "new_idempotency_keys" to "idempotency_keys"
ALTER TABLE `new_idempotency_keys` RENAME TO `idempotency_keys`;
-- Create index "idempotencykey_company_id_key" to table: "idempotency_keys"
CREATE UNIQUE INDEX `idempotencykey_company_id_key` ON `idempotency_keys` (`company_id`, `key`);
-- Create index "idempotencykey_time_created" to table: "idempotency_keys"
CREATE INDEX `idempotencykey_time_created` ON `idempotency_keys` (`time_created`);
-- Enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;

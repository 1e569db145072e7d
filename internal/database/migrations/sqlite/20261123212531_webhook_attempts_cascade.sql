-- Disable the enforcement of foreign-keys constraints
PRAGMA foreign_keys = off;
-- Create "new_webhook_attempts" table
CREATE TABLE `new_webhook_attempts` (`id` text NOT NULL, `event_id` text NOT NULL, `event_type` text NOT NULL, `attempt` integer NOT NULL, `status` integer NOT NULL DEFAULT (0), `latency_ms` integer NOT NULL DEFAULT (0), `error` text NULL, `success` bool NOT NULL DEFAULT (false), `time_created` datetime NOT NULL, `company_id` text NOT NULL, `endpoint_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `webhook_attempts_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION, CONSTRAINT `webhook_attempts_webhook_endpoints_attempts` FOREIGN KEY (`endpoint_id`) REFERENCES `webhook_endpoints` (`id`) ON DELETE CASCADE);
-- Copy rows from old table "webhook_attempts" to new temporary table "new_webhook_attempts"
INSERT INTO `new_webhook_attempts` (`id`, `event_id`, `event_type`, `attempt`, `status`, `latency_ms`, `error`, `success`, `time_created`, `company_id`, `endpoint_id`) SELECT `id`, `event_id`, `event_type`, `attempt`, `status`, `latency_ms`, `error`, `success`, `time_created`, `company_id`, `endpoint_id` FROM `webhook_attempts`;
-- Drop "webhook_attempts" table after copying rows
DROP TABLE `webhook_attempts`;
-- Rename temporary table "new_webhook_attempts" to "webhook_attempts"
ALTER TABLE `new_webhook_attempts` RENAME TO `webhook_attempts`;
-- Create index "webhookattempt_company_id_endpoint_id_id" to table: "webhook_attempts"
CREATE INDEX `webhookattempt_company_id_endpoint_id_id` ON `webhook_attempts` (`company_id`, `endpoint_id`, `id`);
-- Create index "webhookattempt_company_id_event_id_id" to table: "webhook_attempts"
CREATE INDEX `webhookattempt_company_id_event_id_id` ON `webhook_attempts` (`company_id`, `event_id`, `id`);
-- Enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;

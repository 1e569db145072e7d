-- Disable the enforcement of foreign-keys constraints
PRAGMA foreign_keys = off;
-- Create "new_webhook_endpoints" table
CREATE TABLE `new_webhook_endpoints` (`id` text NOT NULL, `url` text NOT NULL, `event_types` json NOT NULL, `active` bool NOT NULL DEFAULT (true), `sealed_secret` blob NOT NULL, `sealed_previous_secret` blob NULL, `previous_secret_expires` datetime NULL, `failing` bool NOT NULL DEFAULT (false), `time_created` datetime NOT NULL, `queued_through` integer NOT NULL DEFAULT (0), `company_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `webhook_endpoints_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION);
-- Copy rows from old table "webhook_endpoints" to new temporary table "new_webhook_endpoints"
INSERT INTO `new_webhook_endpoints` (`id`, `url`, `event_types`, `active`, `sealed_secret`, `sealed_previous_secret`, `previous_secret_expires`, `failing`, `time_created`, `company_id`) SELECT `id`, `url`, `event_types`, `active`, `sealed_secret`, `sealed_previous_secret`, `previous_secret_expires`, `failing`, `time_created`, `company_id` FROM `webhook_endpoints`;
-- Drop "webhook_endpoints" table after copying rows
DROP TABLE `webhook_endpoints`;
-- Rename temporary table "new_webhook_endpoints" to "webhook_endpoints"
ALTER TABLE `new_webhook_endpoints` RENAME TO `webhook_endpoints`;
-- Enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;
-- Endpoints that exist already had every committed event queued in its write's transaction: the relay starts after them
UPDATE webhook_endpoints SET queued_through = COALESCE((SELECT c.last FROM event_counters c WHERE c.company_id = webhook_endpoints.company_id), 0);

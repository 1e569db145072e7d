-- Create "events" table
CREATE TABLE `events` (`id` text NOT NULL, `sequence` integer NOT NULL, `type` text NOT NULL, `activity_id` text NOT NULL, `actor_type` text NOT NULL, `actor_id` text NULL, `actor_name` text NULL, `object_type` text NOT NULL, `object_id` text NOT NULL, `data` json NULL, `time_created` datetime NOT NULL, `company_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `events_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION);
-- Create index "event_company_id_sequence" to table: "events"
CREATE UNIQUE INDEX `event_company_id_sequence` ON `events` (`company_id`, `sequence`);
-- Create "event_counters" table
CREATE TABLE `event_counters` (`id` text NOT NULL, `last` integer NOT NULL DEFAULT (0), `company_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `event_counters_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION);
-- Create index "eventcounter_company_id" to table: "event_counters"
CREATE UNIQUE INDEX `eventcounter_company_id` ON `event_counters` (`company_id`);
-- Create "webhook_attempts" table
CREATE TABLE `webhook_attempts` (`id` text NOT NULL, `event_id` text NOT NULL, `event_type` text NOT NULL, `attempt` integer NOT NULL, `status` integer NOT NULL DEFAULT (0), `latency_ms` integer NOT NULL DEFAULT (0), `error` text NULL, `success` bool NOT NULL DEFAULT (false), `time_created` datetime NOT NULL, `company_id` text NOT NULL, `endpoint_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `webhook_attempts_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION, CONSTRAINT `webhook_attempts_webhook_endpoints_attempts` FOREIGN KEY (`endpoint_id`) REFERENCES `webhook_endpoints` (`id`) ON DELETE NO ACTION);
-- Create index "webhookattempt_company_id_endpoint_id_id" to table: "webhook_attempts"
CREATE INDEX `webhookattempt_company_id_endpoint_id_id` ON `webhook_attempts` (`company_id`, `endpoint_id`, `id`);
-- Create index "webhookattempt_company_id_event_id_id" to table: "webhook_attempts"
CREATE INDEX `webhookattempt_company_id_event_id_id` ON `webhook_attempts` (`company_id`, `event_id`, `id`);
-- Create "webhook_endpoints" table
CREATE TABLE `webhook_endpoints` (`id` text NOT NULL, `url` text NOT NULL, `event_types` json NOT NULL, `active` bool NOT NULL DEFAULT (true), `sealed_secret` blob NOT NULL, `sealed_previous_secret` blob NULL, `previous_secret_expires` datetime NULL, `failing` bool NOT NULL DEFAULT (false), `time_created` datetime NOT NULL, `company_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `webhook_endpoints_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION);

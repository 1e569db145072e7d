-- Modify "activities" table
ALTER TABLE `activities` ADD COLUMN `sequence` integer NULL;
ALTER TABLE `activities` ADD COLUMN `data` json NULL;
-- Create index "activity_company_id_sequence" to table: "activities"
CREATE UNIQUE INDEX `activity_company_id_sequence` ON `activities` (`company_id`, `sequence`);
-- An event is its activity now: each event's place and data move onto it, and its id becomes the activity's
UPDATE `activities` SET `sequence` = e.`sequence`, `data` = e.`data` FROM `events` e WHERE e.`activity_id` = `activities`.`id`;
UPDATE `webhook_attempts` SET `event_id` = e.`activity_id` FROM `events` e WHERE e.`id` = `webhook_attempts`.`event_id`;
-- Drop "events" table
DROP TABLE `events`;

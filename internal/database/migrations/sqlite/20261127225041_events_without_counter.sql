-- Columns are added in place rather than by atlas's copy of each table: the
-- migration runs in a transaction, where PRAGMA foreign_keys = off does
-- nothing, so dropping the old webhook_endpoints would cascade to its attempts.
-- Drop index "activity_company_id_sequence" from table: "activities"
DROP INDEX `activity_company_id_sequence`;
-- Modify "activities" table
ALTER TABLE `activities` ADD COLUMN `txid` integer NULL;
-- Events from before keep their places: (0, their number), as every new one on SQLite
UPDATE `activities` SET `txid` = 0 WHERE `sequence` IS NOT NULL;
-- Create index "activity_company_id_txid_sequence" to table: "activities"
CREATE UNIQUE INDEX `activity_company_id_txid_sequence` ON `activities` (`company_id`, `txid`, `sequence`);
-- Modify "webhook_endpoints" table
ALTER TABLE `webhook_endpoints` ADD COLUMN `queued_through_txid` integer NOT NULL DEFAULT (0);
-- The company counters numbered events; nothing reads them any more
DROP TABLE `event_counters`;

-- Add column "time_erased" to table: "persons"
ALTER TABLE `persons` ADD COLUMN `time_erased` datetime NULL;

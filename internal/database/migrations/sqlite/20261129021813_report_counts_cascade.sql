-- Disable the enforcement of foreign-keys constraints
PRAGMA foreign_keys = off;
-- Create "new_report_counts" table
CREATE TABLE `new_report_counts` (`id` integer NOT NULL PRIMARY KEY AUTOINCREMENT, `day` datetime NOT NULL, `metric` text NOT NULL, `source` text NOT NULL DEFAULT (''), `step` text NOT NULL DEFAULT (''), `kind` text NOT NULL DEFAULT (''), `status` text NOT NULL DEFAULT (''), `reason_id` text NOT NULL DEFAULT (''), `n` integer NOT NULL, `compacted` bool NOT NULL DEFAULT (false), `position_id` text NULL, `company_id` text NOT NULL, CONSTRAINT `report_counts_positions_report_counts` FOREIGN KEY (`position_id`) REFERENCES `positions` (`id`) ON DELETE CASCADE, CONSTRAINT `report_counts_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION);
-- Copy rows from old table "report_counts" to new temporary table "new_report_counts"
INSERT INTO `new_report_counts` (`id`, `day`, `metric`, `source`, `step`, `kind`, `status`, `reason_id`, `n`, `compacted`, `position_id`, `company_id`) SELECT `id`, `day`, `metric`, `source`, `step`, `kind`, `status`, `reason_id`, `n`, `compacted`, `position_id`, `company_id` FROM `report_counts`;
-- Drop "report_counts" table after copying rows
DROP TABLE `report_counts`;
-- Rename temporary table "new_report_counts" to "report_counts"
ALTER TABLE `new_report_counts` RENAME TO `report_counts`;
-- Create index "reportcount_company_id_metric_day" to table: "report_counts"
CREATE INDEX `reportcount_company_id_metric_day` ON `report_counts` (`company_id`, `metric`, `day`);
-- Create index "reportcount_company_id_position_id_metric_day" to table: "report_counts"
CREATE INDEX `reportcount_company_id_position_id_metric_day` ON `report_counts` (`company_id`, `position_id`, `metric`, `day`);
-- Create index "reportcount_company_id_day" to table: "report_counts"
CREATE INDEX `reportcount_company_id_day` ON `report_counts` (`company_id`, `day`) WHERE NOT compacted;
-- Enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;

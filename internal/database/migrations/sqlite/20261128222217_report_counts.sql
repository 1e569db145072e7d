-- Create "report_counts" table
CREATE TABLE `report_counts` (`id` integer NOT NULL PRIMARY KEY AUTOINCREMENT, `day` datetime NOT NULL, `metric` text NOT NULL, `source` text NOT NULL DEFAULT (''), `step` text NOT NULL DEFAULT (''), `kind` text NOT NULL DEFAULT (''), `status` text NOT NULL DEFAULT (''), `reason_id` text NOT NULL DEFAULT (''), `n` integer NOT NULL, `compacted` bool NOT NULL DEFAULT (false), `position_id` text NULL, `company_id` text NOT NULL, CONSTRAINT `report_counts_positions_report_counts` FOREIGN KEY (`position_id`) REFERENCES `positions` (`id`) ON DELETE SET NULL, CONSTRAINT `report_counts_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION);
-- Create index "reportcount_company_id_metric_day" to table: "report_counts"
CREATE INDEX `reportcount_company_id_metric_day` ON `report_counts` (`company_id`, `metric`, `day`);
-- Create index "reportcount_company_id_position_id_metric_day" to table: "report_counts"
CREATE INDEX `reportcount_company_id_position_id_metric_day` ON `report_counts` (`company_id`, `position_id`, `metric`, `day`);
-- Create index "reportcount_company_id_day" to table: "report_counts"
CREATE INDEX `reportcount_company_id_day` ON `report_counts` (`company_id`, `day`) WHERE NOT compacted;

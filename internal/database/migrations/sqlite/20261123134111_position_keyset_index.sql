-- Create index "position_company_id_time_created_id" to table: "positions"
CREATE INDEX `position_company_id_time_created_id` ON `positions` (`company_id`, `time_created`, `id`);

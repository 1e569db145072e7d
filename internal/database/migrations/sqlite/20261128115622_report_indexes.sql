-- Create index "candidatestep_company_id_time_left" to table: "candidate_steps"
CREATE INDEX `candidatestep_company_id_time_left` ON `candidate_steps` (`company_id`, `time_left`);
-- Create index "candidate_company_id_status_time_last_status_changed" to table: "candidates"
CREATE INDEX `candidate_company_id_status_time_last_status_changed` ON `candidates` (`company_id`, `status`, `time_last_status_changed`);

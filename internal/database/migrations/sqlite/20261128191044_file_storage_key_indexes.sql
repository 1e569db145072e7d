-- Create index "personexport_storage_key" to table: "person_exports"
CREATE INDEX `personexport_storage_key` ON `person_exports` (`storage_key`);
-- Create index "candidatefile_storage_key" to table: "candidate_files"
CREATE INDEX `candidatefile_storage_key` ON `candidate_files` (`storage_key`);

-- Create index "candidate_person_id_position_id" to table: "candidates"
CREATE UNIQUE INDEX `candidate_person_id_position_id` ON `candidates` (`person_id`, `position_id`) WHERE deleted = false;

-- Live candidacies duplicated before the index (racing creates) keep the
-- earliest of each person and position live; the later ones are marked
-- deleted, so the index holds and syncing clients see them go.
UPDATE candidates SET deleted = true
 WHERE deleted = false
   AND id <> (SELECT min(c2.id) FROM candidates c2
               WHERE c2.person_id = candidates.person_id AND c2.position_id = candidates.position_id
                 AND c2.deleted = false);
-- Create index "candidate_person_id_position_id" to table: "candidates"
CREATE UNIQUE INDEX `candidate_person_id_position_id` ON `candidates` (`person_id`, `position_id`) WHERE deleted = false;

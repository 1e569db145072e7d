-- Drop index "candidate_person_id" from table: "candidates"
DROP INDEX "candidate_person_id";
-- Drop index "candidate_position_id_id" from table: "candidates"
DROP INDEX "candidate_position_id_id";
-- Create index "candidate_company_id_person_id_id" to table: "candidates"
CREATE INDEX "candidate_company_id_person_id_id" ON "candidates" ("company_id", "person_id", "id");
-- Create index "candidate_company_id_position_id_id" to table: "candidates"
CREATE INDEX "candidate_company_id_position_id_id" ON "candidates" ("company_id", "position_id", "id");
-- Create index "conversation_company_id_candidate_conversations" to table: "conversations"
CREATE INDEX "conversation_company_id_candidate_conversations" ON "conversations" ("company_id", "candidate_conversations");
-- Drop index "message_conversation_id_time_sent" from table: "messages"
DROP INDEX "message_conversation_id_time_sent";
-- Create index "message_company_id_conversation_id_id" to table: "messages"
CREATE INDEX "message_company_id_conversation_id_id" ON "messages" ("company_id", "conversation_id", "id");
-- Drop index "note_candidate_id_time_created" from table: "notes"
DROP INDEX "note_candidate_id_time_created";
-- Create index "note_company_id_candidate_id_id" to table: "notes"
CREATE INDEX "note_company_id_candidate_id_id" ON "notes" ("company_id", "candidate_id", "id");
-- Drop index "opening_position_id_id" from table: "openings"
DROP INDEX "opening_position_id_id";
-- Create index "opening_company_id_position_id_id" to table: "openings"
CREATE INDEX "opening_company_id_position_id_id" ON "openings" ("company_id", "position_id", "id");
-- Create index "position_company_id_location_id_id" to table: "positions"
CREATE INDEX "position_company_id_location_id_id" ON "positions" ("company_id", "location_id", "id");
-- Drop index "testsubmission_candidate_id" from table: "test_submissions"
DROP INDEX "testsubmission_candidate_id";
-- Create index "testsubmission_company_id_candidate_id_id" to table: "test_submissions"
CREATE INDEX "testsubmission_company_id_candidate_id_id" ON "test_submissions" ("company_id", "candidate_id", "id");
-- Create index "testsubmission_company_id_partner_id_id" to table: "test_submissions"
CREATE INDEX "testsubmission_company_id_partner_id_id" ON "test_submissions" ("company_id", "partner_id", "id");

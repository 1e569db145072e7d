-- Modify "approval_processes" table
-- Existing approvals name no approvers: any user with openings:approve
-- decides them, as before. The service writes the column itself.
ALTER TABLE "approval_processes" ADD COLUMN "approvers" jsonb NOT NULL DEFAULT '[]', ADD COLUMN "approvals" bigint NOT NULL DEFAULT 0;
ALTER TABLE "approval_processes" ALTER COLUMN "approvers" DROP DEFAULT;
-- Modify "position_hiring_team" table
ALTER TABLE "position_hiring_team" DROP CONSTRAINT "position_hiring_team_position_id", DROP CONSTRAINT "position_hiring_team_user_id", ADD COLUMN "role" character varying NOT NULL DEFAULT 'INTERVIEWER', ADD CONSTRAINT "position_hiring_team_positions_position" FOREIGN KEY ("position_id") REFERENCES "positions" ("id") ON UPDATE NO ACTION ON DELETE CASCADE, ADD CONSTRAINT "position_hiring_team_users_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON UPDATE NO ACTION ON DELETE CASCADE;
-- Existing members take the role the position's leads hold; everyone
-- else on a team interviews (the column's default).
UPDATE "position_hiring_team" SET "role" = 'COORDINATOR' WHERE EXISTS (SELECT 1 FROM "positions" WHERE "positions"."id" = "position_hiring_team"."position_id" AND "positions"."coordinator_id" = "position_hiring_team"."user_id");
UPDATE "position_hiring_team" SET "role" = 'RECRUITER' WHERE EXISTS (SELECT 1 FROM "positions" WHERE "positions"."id" = "position_hiring_team"."position_id" AND "positions"."lead_recruiter_id" = "position_hiring_team"."user_id");
UPDATE "position_hiring_team" SET "role" = 'HIRING_MANAGER' WHERE EXISTS (SELECT 1 FROM "positions" WHERE "positions"."id" = "position_hiring_team"."position_id" AND "positions"."hiring_manager_id" = "position_hiring_team"."user_id");

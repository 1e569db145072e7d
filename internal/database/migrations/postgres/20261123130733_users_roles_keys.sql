-- Modify "users" table
ALTER TABLE "users" ADD COLUMN "active" boolean NOT NULL DEFAULT true;
-- Modify "api_keys" table
ALTER TABLE "api_keys" ADD COLUMN "time_last_used" timestamptz NULL, ADD COLUMN "user_id" character varying NULL, ADD COLUMN "partner_id" character varying NULL, ADD CONSTRAINT "api_keys_evaluation_partners_partner" FOREIGN KEY ("partner_id") REFERENCES "evaluation_partners" ("id") ON UPDATE NO ACTION ON DELETE SET NULL, ADD CONSTRAINT "api_keys_users_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON UPDATE NO ACTION ON DELETE SET NULL;

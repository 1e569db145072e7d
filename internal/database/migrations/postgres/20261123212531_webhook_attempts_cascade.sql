-- Modify "webhook_attempts" table
ALTER TABLE "webhook_attempts" DROP CONSTRAINT "webhook_attempts_webhook_endpoints_attempts", ADD CONSTRAINT "webhook_attempts_webhook_endpoints_attempts" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints" ("id") ON UPDATE NO ACTION ON DELETE CASCADE;

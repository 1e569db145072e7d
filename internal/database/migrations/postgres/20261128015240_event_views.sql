-- Modify "applications" table: rows from before have no demographic answers
-- stored apart (their answers stay as they were given).
ALTER TABLE "applications" ADD COLUMN "demographic_answers" jsonb NOT NULL DEFAULT '[]';
ALTER TABLE "applications" ALTER COLUMN "demographic_answers" DROP DEFAULT;
-- Modify "webhook_endpoints" table: endpoints from before receive no
-- salary, demographic answers or discreet positions until given permissions.
ALTER TABLE "webhook_endpoints" ADD COLUMN "permissions" jsonb NOT NULL DEFAULT '[]';
ALTER TABLE "webhook_endpoints" ALTER COLUMN "permissions" DROP DEFAULT;

-- Modify "persons" table
ALTER TABLE "persons" ADD COLUMN "time_erased" timestamptz NULL;

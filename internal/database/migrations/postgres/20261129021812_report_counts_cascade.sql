-- Modify "report_counts" table
ALTER TABLE "report_counts" DROP CONSTRAINT "report_counts_positions_report_counts", ADD CONSTRAINT "report_counts_positions_report_counts" FOREIGN KEY ("position_id") REFERENCES "positions" ("id") ON UPDATE NO ACTION ON DELETE CASCADE;

-- Create "offers" table
CREATE TABLE `offers` (`id` text NOT NULL, `status` text NOT NULL DEFAULT ('DRAFT'), `version` integer NOT NULL DEFAULT (1), `salary` json NULL, `start_date` datetime NULL, `custom_fields` json NOT NULL, `approvers` json NOT NULL, `approvals` integer NOT NULL DEFAULT (0), `time_created` datetime NOT NULL, `time_updated` datetime NOT NULL, `candidate_id` text NOT NULL, `document_id` text NULL, `company_id` text NOT NULL, `opening_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `offers_candidates_offers` FOREIGN KEY (`candidate_id`) REFERENCES `candidates` (`id`) ON DELETE NO ACTION, CONSTRAINT `offers_candidate_files_offers` FOREIGN KEY (`document_id`) REFERENCES `candidate_files` (`id`) ON DELETE SET NULL, CONSTRAINT `offers_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION, CONSTRAINT `offers_openings_offers` FOREIGN KEY (`opening_id`) REFERENCES `openings` (`id`) ON DELETE NO ACTION);
-- Create index "offer_company_id_candidate_id_id" to table: "offers"
CREATE INDEX `offer_company_id_candidate_id_id` ON `offers` (`company_id`, `candidate_id`, `id`);
-- Create index "offer_opening_id" to table: "offers"
CREATE INDEX `offer_opening_id` ON `offers` (`opening_id`);
-- Create index "offer_document_id" to table: "offers"
CREATE INDEX `offer_document_id` ON `offers` (`document_id`);
-- Create "offer_versions" table
CREATE TABLE `offer_versions` (`id` text NOT NULL, `version` integer NOT NULL, `salary` json NULL, `start_date` datetime NULL, `custom_fields` json NOT NULL, `created_by` text NOT NULL DEFAULT (''), `time_created` datetime NOT NULL, `document_id` text NULL, `offer_id` text NOT NULL, `company_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `offer_versions_candidate_files_offer_versions` FOREIGN KEY (`document_id`) REFERENCES `candidate_files` (`id`) ON DELETE SET NULL, CONSTRAINT `offer_versions_offers_versions` FOREIGN KEY (`offer_id`) REFERENCES `offers` (`id`) ON DELETE NO ACTION, CONSTRAINT `offer_versions_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION);
-- Create index "offerversion_offer_id_version" to table: "offer_versions"
CREATE UNIQUE INDEX `offerversion_offer_id_version` ON `offer_versions` (`offer_id`, `version`);
-- Create index "offerversion_document_id" to table: "offer_versions"
CREATE INDEX `offerversion_document_id` ON `offer_versions` (`document_id`);

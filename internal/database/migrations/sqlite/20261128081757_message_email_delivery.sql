-- Disable the enforcement of foreign-keys constraints
PRAGMA foreign_keys = off;
-- Create "new_messages" table
CREATE TABLE `new_messages` (`id` text NOT NULL, `time_sent` datetime NOT NULL, `status` text NOT NULL DEFAULT (''), `subject` text NOT NULL DEFAULT (''), `body` text NOT NULL, `from` json NOT NULL, `to` json NOT NULL, `cc` json NOT NULL, `bcc` json NOT NULL, `delivery_status` text NULL, `delivery_error` text NULL, `delivery_attempts` integer NOT NULL DEFAULT (0), `time_delivered` datetime NULL, `conversation_id` text NOT NULL, `company_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `messages_conversations_messages` FOREIGN KEY (`conversation_id`) REFERENCES `conversations` (`id`) ON DELETE NO ACTION, CONSTRAINT `messages_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION);
-- Copy rows from old table "messages" to new temporary table "new_messages"
INSERT INTO `new_messages` (`id`, `time_sent`, `status`, `subject`, `body`, `from`, `to`, `cc`, `bcc`, `conversation_id`, `company_id`) SELECT `id`, `time_sent`, `status`, `subject`, `body`, `from`, `to`, `cc`, `bcc`, `conversation_id`, `company_id` FROM `messages`;
-- Drop "messages" table after copying rows
DROP TABLE `messages`;
-- Rename temporary table "new_messages" to "messages"
ALTER TABLE `new_messages` RENAME TO `messages`;
-- Create index "message_company_id_conversation_id_id" to table: "messages"
CREATE INDEX `message_company_id_conversation_id_id` ON `messages` (`company_id`, `conversation_id`, `id`);
-- Create "message_templates" table
CREATE TABLE `message_templates` (`id` text NOT NULL, `name` text NOT NULL, `kind` text NOT NULL DEFAULT ('OTHER'), `subject` text NOT NULL, `body` text NOT NULL, `time_created` datetime NOT NULL, `time_updated` datetime NOT NULL, `company_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `message_templates_companies_company` FOREIGN KEY (`company_id`) REFERENCES `companies` (`id`) ON DELETE NO ACTION);
-- Create index "messagetemplate_company_id_name" to table: "message_templates"
CREATE UNIQUE INDEX `messagetemplate_company_id_name` ON `message_templates` (`company_id`, `name`);
-- Enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;

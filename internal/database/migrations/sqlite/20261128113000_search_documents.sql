-- Create "search_documents" table: what search finds of each candidate, written in the transaction of every change to it (recruiting/searchindex.go)
CREATE TABLE `search_documents` (`id` integer NOT NULL PRIMARY KEY AUTOINCREMENT, `candidate_id` text NOT NULL, `company_id` text NOT NULL, `names` text NOT NULL, `phone` text NOT NULL, `body` text NOT NULL, `content` text NOT NULL, CONSTRAINT `search_documents_candidates` FOREIGN KEY (`candidate_id`) REFERENCES `candidates` (`id`) ON DELETE CASCADE);
-- Create index "search_documents_candidate_id" to table: "search_documents"
CREATE UNIQUE INDEX `search_documents_candidate_id` ON `search_documents` (`candidate_id`);
-- Create "search_index" table: the full-text index of search_documents (row id: its id), whose trigram tokenizer matches any part of a word; it keeps no copy of the text
CREATE VIRTUAL TABLE `search_index` USING fts5(`names`, `phone`, `body`, content = '', contentless_delete = 1, tokenize = 'trigram');

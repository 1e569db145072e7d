-- pg_trgm finds names with small typos (trigram word similarity). It is
-- installed once per database, in schema public, so that every schema
-- Hiregraph migrates reaches it by its qualified name; the lock keeps two
-- schemas migrated at once from both creating it.
SELECT pg_advisory_xact_lock(hashtext('hiregraph create extension pg_trgm'));
CREATE EXTENSION IF NOT EXISTS "pg_trgm" WITH SCHEMA "public";
-- Create "search_documents" table: what search finds of each candidate, written in the transaction of every change to it (recruiting/searchindex.go)
CREATE TABLE "search_documents" ("candidate_id" character varying NOT NULL, "company_id" character varying NOT NULL, "names" text NOT NULL, "phone" text NOT NULL, "content" text NOT NULL, "document" tsvector NOT NULL, PRIMARY KEY ("candidate_id"), CONSTRAINT "search_documents_candidates" FOREIGN KEY ("candidate_id") REFERENCES "candidates" ("id") ON UPDATE NO ACTION ON DELETE CASCADE);
-- Create index "search_documents_document" to table: "search_documents"
CREATE INDEX "search_documents_document" ON "search_documents" USING gin ("document");
-- Create index "search_documents_names" to table: "search_documents"
CREATE INDEX "search_documents_names" ON "search_documents" USING gin ("names" "public"."gin_trgm_ops");
-- Create index "search_documents_phone" to table: "search_documents"
CREATE INDEX "search_documents_phone" ON "search_documents" USING gin ("phone" "public"."gin_trgm_ops");

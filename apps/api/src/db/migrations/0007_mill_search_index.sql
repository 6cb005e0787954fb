-- btree_gin lets one GIN index hold the mill id beside the trigrams; it ships with PostgreSQL and is trusted.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "projects_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "projects_mill_search_idx" ON "projects" USING gin ("mill_id","search_text" gin_trgm_ops);
DROP INDEX "projects_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "status_mask" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "projects_search_trgm_idx" ON "projects" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_mill_open_idx" ON "projects" USING btree ("mill_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "projects"."submitted_at" is not null and "projects"."status_mask" & 1 <> 0;--> statement-breakpoint
CREATE INDEX "projects_mill_downloaded_idx" ON "projects" USING btree ("mill_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "projects"."submitted_at" is not null and "projects"."status_mask" & 2 <> 0;--> statement-breakpoint
CREATE INDEX "projects_mill_closed_idx" ON "projects" USING btree ("mill_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "projects"."submitted_at" is not null and "projects"."status_mask" & 4 <> 0;--> statement-breakpoint
-- Keeps projects.status_mask and projects.search_text in step with their components, set-based
-- per statement so bulk inserts stay fast. Bits: 1 Open, 2 Downloaded, 4 Closed.
CREATE OR REPLACE FUNCTION casebridge_refresh_order_filters(project_ids integer[]) RETURNS void AS $$
  UPDATE projects p SET
    status_mask = coalesce(s.mask, 0),
    search_text = lower(p.name || coalesce(' ' || s.names, ''))
  FROM (
    SELECT ids.id,
      (SELECT bit_or(CASE c.status WHEN 'Open' THEN 1 WHEN 'Downloaded' THEN 2 WHEN 'Closed' THEN 4 ELSE 0 END) FROM components c WHERE c.project_id = ids.id) AS mask,
      (SELECT string_agg(c.name, ' ' ORDER BY c.id) FROM components c WHERE c.project_id = ids.id) AS names
    FROM unnest(project_ids) AS ids(id)
  ) s
  WHERE p.id = s.id;
$$ LANGUAGE sql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION casebridge_components_inserted() RETURNS trigger AS $$
BEGIN
  PERFORM casebridge_refresh_order_filters(ARRAY(SELECT DISTINCT project_id FROM changed_rows));
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION casebridge_components_deleted() RETURNS trigger AS $$
BEGIN
  PERFORM casebridge_refresh_order_filters(ARRAY(SELECT DISTINCT project_id FROM changed_rows));
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION casebridge_components_updated() RETURNS trigger AS $$
BEGIN
  PERFORM casebridge_refresh_order_filters(ARRAY(SELECT project_id FROM new_rows UNION SELECT project_id FROM old_rows));
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER components_order_filters_insert AFTER INSERT ON components
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION casebridge_components_inserted();--> statement-breakpoint
CREATE TRIGGER components_order_filters_delete AFTER DELETE ON components
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION casebridge_components_deleted();--> statement-breakpoint
CREATE TRIGGER components_order_filters_update AFTER UPDATE ON components
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION casebridge_components_updated();--> statement-breakpoint
CREATE OR REPLACE FUNCTION casebridge_project_named() RETURNS trigger AS $$
BEGIN
  NEW.search_text := lower(NEW.name || coalesce(' ' || (SELECT string_agg(c.name, ' ' ORDER BY c.id) FROM components c WHERE c.project_id = NEW.id), ''));
  RETURN NEW;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER projects_search_text BEFORE INSERT OR UPDATE OF name ON projects
  FOR EACH ROW EXECUTE FUNCTION casebridge_project_named();--> statement-breakpoint
-- Orders that exist already.
SELECT casebridge_refresh_order_filters(ARRAY(SELECT id FROM projects));

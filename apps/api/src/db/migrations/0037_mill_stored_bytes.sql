CREATE TABLE "mill_stored_bytes" (
	"mill_id" integer PRIMARY KEY NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "component_files" ADD COLUMN "mill_id" integer;--> statement-breakpoint
ALTER TABLE "mill_stored_bytes" ADD CONSTRAINT "mill_stored_bytes_mill_id_mills_id_fk" FOREIGN KEY ("mill_id") REFERENCES "public"."mills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Existing files and counters, before the triggers below exist.
UPDATE component_files f SET mill_id = p.mill_id FROM components c JOIN projects p ON p.id = c.project_id
  WHERE c.id = f.component_id;--> statement-breakpoint
INSERT INTO mill_stored_bytes (mill_id, bytes) SELECT mill_id, sum(size) FROM component_files WHERE mill_id IS NOT NULL GROUP BY mill_id;--> statement-breakpoint
-- The file's mill, looked up once while its order exists: a cascade that removes the order removes
-- its files after the order and components are gone, and the counter must still know whose bytes they were.
CREATE OR REPLACE FUNCTION casebridge_component_file_mill() RETURNS trigger AS $$
BEGIN
  SELECT p.mill_id INTO NEW.mill_id FROM components c JOIN projects p ON p.id = c.project_id WHERE c.id = NEW.component_id;
  RETURN NEW;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER component_files_mill BEFORE INSERT OR UPDATE OF component_id ON component_files
  FOR EACH ROW EXECUTE FUNCTION casebridge_component_file_mill();--> statement-breakpoint
-- Deltas per statement from its transition tables, as the order counts of 0006 do.
CREATE OR REPLACE FUNCTION casebridge_apply_stored_bytes_deltas(deltas jsonb) RETURNS void AS $$
  INSERT INTO mill_stored_bytes AS s (mill_id, bytes)
  SELECT (d->>'mill_id')::int, (d->>'delta')::bigint FROM jsonb_array_elements(deltas) d
  -- A mill being deleted takes its counter with it; its files' deletion must not recreate it.
  WHERE (d->>'delta')::bigint <> 0 AND EXISTS (SELECT 1 FROM mills m WHERE m.id = (d->>'mill_id')::int)
  ON CONFLICT (mill_id) DO UPDATE SET bytes = s.bytes + EXCLUDED.bytes;
$$ LANGUAGE sql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION casebridge_component_files_inserted() RETURNS trigger AS $$
BEGIN
  PERFORM casebridge_apply_stored_bytes_deltas(coalesce((
    SELECT jsonb_agg(jsonb_build_object('mill_id', mill_id, 'delta', n)) FROM (
      SELECT mill_id, sum(size) AS n FROM new_rows WHERE mill_id IS NOT NULL GROUP BY mill_id) s), '[]'::jsonb));
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION casebridge_component_files_deleted() RETURNS trigger AS $$
BEGIN
  PERFORM casebridge_apply_stored_bytes_deltas(coalesce((
    SELECT jsonb_agg(jsonb_build_object('mill_id', mill_id, 'delta', -n)) FROM (
      SELECT mill_id, sum(size) AS n FROM old_rows WHERE mill_id IS NOT NULL GROUP BY mill_id) s), '[]'::jsonb));
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION casebridge_component_files_updated() RETURNS trigger AS $$
BEGIN
  PERFORM casebridge_apply_stored_bytes_deltas(coalesce((
    SELECT jsonb_agg(jsonb_build_object('mill_id', mill_id, 'delta', n)) FROM (
      SELECT mill_id, sum(delta) AS n FROM (
        SELECT n.mill_id, n.size AS delta FROM new_rows n WHERE n.mill_id IS NOT NULL
        UNION ALL
        SELECT o.mill_id, -o.size AS delta FROM old_rows o WHERE o.mill_id IS NOT NULL
      ) changes GROUP BY mill_id) s), '[]'::jsonb));
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER component_files_stored_bytes_insert AFTER INSERT ON component_files
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION casebridge_component_files_inserted();--> statement-breakpoint
CREATE TRIGGER component_files_stored_bytes_delete AFTER DELETE ON component_files
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION casebridge_component_files_deleted();--> statement-breakpoint
CREATE TRIGGER component_files_stored_bytes_update AFTER UPDATE ON component_files
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION casebridge_component_files_updated();

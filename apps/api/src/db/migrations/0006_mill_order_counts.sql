CREATE TABLE "mill_order_counts" (
	"mill_id" integer PRIMARY KEY NOT NULL,
	"submitted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mill_order_counts" ADD CONSTRAINT "mill_order_counts_mill_id_mills_id_fk" FOREIGN KEY ("mill_id") REFERENCES "public"."mills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Deltas from each statement's transition tables: concurrent submits add up instead of racing.
CREATE OR REPLACE FUNCTION casebridge_apply_order_count_deltas(deltas jsonb) RETURNS void AS $$
  INSERT INTO mill_order_counts AS c (mill_id, submitted)
  SELECT (d->>'mill_id')::int, (d->>'delta')::int FROM jsonb_array_elements(deltas) d
  -- A mill being deleted takes its counter with it; its orders' deletion must not recreate it.
  WHERE (d->>'delta')::int <> 0 AND EXISTS (SELECT 1 FROM mills m WHERE m.id = (d->>'mill_id')::int)
  ON CONFLICT (mill_id) DO UPDATE SET submitted = c.submitted + EXCLUDED.submitted;
$$ LANGUAGE sql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION casebridge_projects_inserted() RETURNS trigger AS $$
BEGIN
  PERFORM casebridge_apply_order_count_deltas(coalesce((
    SELECT jsonb_agg(jsonb_build_object('mill_id', mill_id, 'delta', n)) FROM (
      SELECT mill_id, count(*) AS n FROM new_rows WHERE submitted_at IS NOT NULL GROUP BY mill_id) s), '[]'::jsonb));
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION casebridge_projects_deleted() RETURNS trigger AS $$
BEGIN
  PERFORM casebridge_apply_order_count_deltas(coalesce((
    SELECT jsonb_agg(jsonb_build_object('mill_id', mill_id, 'delta', -n)) FROM (
      SELECT mill_id, count(*) AS n FROM old_rows WHERE submitted_at IS NOT NULL GROUP BY mill_id) s), '[]'::jsonb));
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION casebridge_projects_updated() RETURNS trigger AS $$
BEGIN
  PERFORM casebridge_apply_order_count_deltas(coalesce((
    SELECT jsonb_agg(jsonb_build_object('mill_id', mill_id, 'delta', n)) FROM (
      SELECT mill_id, sum(delta) AS n FROM (
        SELECT n.mill_id, 1 AS delta FROM new_rows n WHERE n.submitted_at IS NOT NULL
        UNION ALL
        SELECT o.mill_id, -1 AS delta FROM old_rows o WHERE o.submitted_at IS NOT NULL
      ) changes GROUP BY mill_id) s), '[]'::jsonb));
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER projects_order_counts_insert AFTER INSERT ON projects
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION casebridge_projects_inserted();--> statement-breakpoint
CREATE TRIGGER projects_order_counts_delete AFTER DELETE ON projects
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION casebridge_projects_deleted();--> statement-breakpoint
CREATE TRIGGER projects_order_counts_update AFTER UPDATE ON projects
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION casebridge_projects_updated();--> statement-breakpoint
INSERT INTO mill_order_counts (mill_id, submitted)
  SELECT mill_id, count(*) FROM projects WHERE submitted_at IS NOT NULL GROUP BY mill_id;

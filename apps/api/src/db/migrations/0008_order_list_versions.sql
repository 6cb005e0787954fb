CREATE TABLE "order_list_versions" (
	"mill_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Mills in id order, so two statements bumping the same mills take the row locks in one order.
CREATE OR REPLACE FUNCTION casebridge_bump_list_versions(mill_ids integer[]) RETURNS void AS $$
  INSERT INTO order_list_versions AS v (mill_id, version)
  SELECT DISTINCT id, 1 FROM unnest(mill_ids) AS id WHERE id IS NOT NULL ORDER BY id
  ON CONFLICT (mill_id) DO UPDATE SET version = v.version + 1;
$$ LANGUAGE sql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION casebridge_projects_listed() RETURNS trigger AS $$
BEGIN
  PERFORM casebridge_bump_list_versions(array(SELECT mill_id FROM changed_rows));
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER projects_list_version_insert AFTER INSERT ON projects
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION casebridge_projects_listed();--> statement-breakpoint
CREATE TRIGGER projects_list_version_update AFTER UPDATE ON projects
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION casebridge_projects_listed();--> statement-breakpoint
CREATE TRIGGER projects_list_version_delete AFTER DELETE ON projects
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION casebridge_projects_listed();--> statement-breakpoint
-- Components and messages name their order; files name their component.
CREATE OR REPLACE FUNCTION casebridge_order_part_listed() RETURNS trigger AS $$
BEGIN
  PERFORM casebridge_bump_list_versions(array(SELECT p.mill_id FROM changed_rows c JOIN projects p ON p.id = c.project_id));
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER components_list_version_insert AFTER INSERT ON components
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION casebridge_order_part_listed();--> statement-breakpoint
CREATE TRIGGER components_list_version_update AFTER UPDATE ON components
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION casebridge_order_part_listed();--> statement-breakpoint
CREATE TRIGGER components_list_version_delete AFTER DELETE ON components
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION casebridge_order_part_listed();--> statement-breakpoint
CREATE TRIGGER messages_list_version_insert AFTER INSERT ON messages
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION casebridge_order_part_listed();--> statement-breakpoint
CREATE TRIGGER messages_list_version_update AFTER UPDATE ON messages
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION casebridge_order_part_listed();--> statement-breakpoint
CREATE TRIGGER messages_list_version_delete AFTER DELETE ON messages
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION casebridge_order_part_listed();--> statement-breakpoint
CREATE OR REPLACE FUNCTION casebridge_component_files_listed() RETURNS trigger AS $$
BEGIN
  PERFORM casebridge_bump_list_versions(array(
    SELECT p.mill_id FROM changed_rows f JOIN components c ON c.id = f.component_id JOIN projects p ON p.id = c.project_id));
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER component_files_list_version_insert AFTER INSERT ON component_files
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION casebridge_component_files_listed();--> statement-breakpoint
CREATE TRIGGER component_files_list_version_update AFTER UPDATE ON component_files
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION casebridge_component_files_listed();--> statement-breakpoint
CREATE TRIGGER component_files_list_version_delete AFTER DELETE ON component_files
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION casebridge_component_files_listed();--> statement-breakpoint
-- A read mark changes the reader's unread count (newMessages).
CREATE OR REPLACE FUNCTION casebridge_message_reads_listed() RETURNS trigger AS $$
BEGIN
  PERFORM casebridge_bump_list_versions(array(
    SELECT p.mill_id FROM changed_rows r JOIN messages m ON m.id = r.message_id JOIN projects p ON p.id = m.project_id));
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER message_reads_list_version_insert AFTER INSERT ON message_reads
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION casebridge_message_reads_listed();--> statement-breakpoint
CREATE TRIGGER message_reads_list_version_delete AFTER DELETE ON message_reads
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION casebridge_message_reads_listed();--> statement-breakpoint
-- Names and logos show in every mill's list: rare changes, so they move the global version.
CREATE OR REPLACE FUNCTION casebridge_listed_name_changed() RETURNS trigger AS $$
BEGIN
  PERFORM casebridge_bump_list_versions(ARRAY[0]);
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER companies_list_version AFTER UPDATE ON companies FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.logo_path IS DISTINCT FROM NEW.logo_path)
  EXECUTE FUNCTION casebridge_listed_name_changed();--> statement-breakpoint
CREATE TRIGGER users_list_version AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION casebridge_listed_name_changed();--> statement-breakpoint
CREATE TRIGGER labs_list_version AFTER UPDATE ON labs FOR EACH ROW
  WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id)
  EXECUTE FUNCTION casebridge_listed_name_changed();

CREATE TABLE "licence_desk_versions" (
	"root_dealer_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Hand-written below: the triggers that move the desk's stamps (schema comment in
-- db/schema/licence-desk-versions.ts). Statement-level where a statement may write thousands of
-- rows (an import batch, a batch archive), so a tree's counter moves once per statement; counters
-- are upserted in root order, so concurrent statements lock them in the same order. Tickets of no
-- dealer belong to root 0.
CREATE FUNCTION licence_desks_moved(roots integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO licence_desk_versions AS v (root_dealer_id, version)
    SELECT DISTINCT coalesce(root, 0), 1 FROM unnest(roots) AS root ORDER BY 1
    ON CONFLICT (root_dealer_id) DO UPDATE SET version = v.version + 1;
$$;--> statement-breakpoint
CREATE FUNCTION licence_tickets_desk_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A transition table exists only for the events that have it, so each branch reads its own.
  IF TG_OP = 'INSERT' THEN
    PERFORM licence_desks_moved(ARRAY(SELECT DISTINCT dealer_path[1] FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM licence_desks_moved(ARRAY(SELECT DISTINCT dealer_path[1] FROM old_rows));
  ELSE
    PERFORM licence_desks_moved(ARRAY(SELECT dealer_path[1] FROM old_rows UNION SELECT dealer_path[1] FROM new_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER licence_tickets_desk_moved_on_insert AFTER INSERT ON licence_tickets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION licence_tickets_desk_moved();--> statement-breakpoint
CREATE TRIGGER licence_tickets_desk_moved_on_update AFTER UPDATE ON licence_tickets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION licence_tickets_desk_moved();--> statement-breakpoint
CREATE TRIGGER licence_tickets_desk_moved_on_delete AFTER DELETE ON licence_tickets REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION licence_tickets_desk_moved();--> statement-breakpoint
-- What a desk row shows of other tables: its dealer (code, name, parent), its customer (code,
-- company, last name) and the name of the mill it signed up (its company's).
CREATE FUNCTION licence_desks_dealer_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM licence_desks_moved(NEW.path[1:1]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER licence_desks_dealer_renamed AFTER UPDATE ON dealers FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.dealer_code IS DISTINCT FROM NEW.dealer_code OR OLD.parent_id IS DISTINCT FROM NEW.parent_id)
  EXECUTE FUNCTION licence_desks_dealer_renamed();
--> statement-breakpoint
CREATE FUNCTION licence_desks_customer_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM licence_desks_moved(ARRAY(
    SELECT DISTINCT t.dealer_path[1]
    FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN licence_tickets t ON t.customer_id = n.id
    WHERE (o.customer_code, o.company, o.last_name) IS DISTINCT FROM (n.customer_code, n.company, n.last_name)));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER licence_desks_customer_renamed AFTER UPDATE ON dealer_customers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION licence_desks_customer_renamed();
--> statement-breakpoint
CREATE FUNCTION licence_desks_mill_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The partial index of migration 0022 serves the join (only used tickets are in it).
  PERFORM licence_desks_moved(ARRAY(
    SELECT DISTINCT t.dealer_path[1]
    FROM mills m JOIN licence_tickets t ON t.used_by_mill_id = m.id AND t.used_by_mill_id IS NOT NULL
    WHERE m.company_id = NEW.id));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER licence_desks_mill_renamed AFTER UPDATE ON companies FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION licence_desks_mill_renamed();

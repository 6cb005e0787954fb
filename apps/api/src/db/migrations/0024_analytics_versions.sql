CREATE TABLE "analytics_versions" (
	"mill_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Hand-written below: the triggers that move the stamps of the manager's cached answers
-- (db/schema/analytics-rollups.ts). The roll-ups of migration 0020 already change with every
-- order, component, file and client, so triggers on them move the mill's counter; the few base
-- columns no roll-up holds (an order's name, staff, a subscription's terms) move the mill's counter,
-- and names, plans, users and labs row 0. Counters are upserted in key order in each statement.
CREATE FUNCTION analytics_touch(mill_ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO analytics_versions AS v (mill_id, version)
  SELECT DISTINCT id, 1 FROM unnest(mill_ids) AS id WHERE id IS NOT NULL ORDER BY id
  ON CONFLICT (mill_id) DO UPDATE SET version = v.version + 1;
$$;--> statement-breakpoint
-- For tables with a mill_id, per statement: the mills of the rows before and after.
CREATE FUNCTION analytics_rows_touched() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A transition table exists only for the events that have it, so each branch reads its own.
  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_touch(array(SELECT mill_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM analytics_touch(array(SELECT mill_id FROM old_rows));
  ELSE
    PERFORM analytics_touch(array(SELECT mill_id FROM old_rows UNION SELECT mill_id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The same per row, for rare writes filtered by a WHEN (OLD is null on insert, NEW on delete).
CREATE FUNCTION analytics_row_touched() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_touch(ARRAY[OLD.mill_id, NEW.mill_id]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION analytics_platform_touched() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_touch(ARRAY[0]);
  RETURN NULL;
END $$;--> statement-breakpoint
-- Inserted order_rollups rows are zeros of an order not yet counted anywhere: updates and deletes move.
CREATE TRIGGER analytics_order_rollups_updated AFTER UPDATE ON order_rollups REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_rows_touched();--> statement-breakpoint
CREATE TRIGGER analytics_order_rollups_deleted AFTER DELETE ON order_rollups REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_rows_touched();--> statement-breakpoint
-- Every change of mill_clients passes here, a confirmation too: migration 0020 takes each old row
-- off its mill and puts each new row on, in two statements.
CREATE TRIGGER analytics_mill_rollups_inserted AFTER INSERT ON mill_rollups REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_rows_touched();--> statement-breakpoint
CREATE TRIGGER analytics_mill_rollups_updated AFTER UPDATE ON mill_rollups REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_rows_touched();--> statement-breakpoint
CREATE TRIGGER analytics_mill_rollups_deleted AFTER DELETE ON mill_rollups REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_rows_touched();--> statement-breakpoint
-- Every submitted order's count, day and lab change here too (lab_order_counts and
-- mill_order_counts move in the same statements), so these also stamp the users view.
CREATE TRIGGER analytics_mill_order_days_inserted AFTER INSERT ON mill_order_days REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_rows_touched();--> statement-breakpoint
CREATE TRIGGER analytics_mill_order_days_updated AFTER UPDATE ON mill_order_days REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_rows_touched();--> statement-breakpoint
CREATE TRIGGER analytics_mill_order_days_deleted AFTER DELETE ON mill_order_days REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_rows_touched();--> statement-breakpoint
CREATE TRIGGER analytics_order_renamed AFTER UPDATE OF name ON projects FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION analytics_row_touched();--> statement-breakpoint
CREATE TRIGGER analytics_member_added AFTER INSERT OR DELETE ON mill_members FOR EACH ROW EXECUTE FUNCTION analytics_row_touched();--> statement-breakpoint
CREATE TRIGGER analytics_member_changed AFTER UPDATE ON mill_members FOR EACH ROW
  WHEN ((OLD.mill_id, OLD.user_id, OLD.mill_role, OLD.created_at) IS DISTINCT FROM (NEW.mill_id, NEW.user_id, NEW.mill_role, NEW.created_at))
  EXECUTE FUNCTION analytics_row_touched();--> statement-breakpoint
CREATE TRIGGER analytics_subscription_added AFTER INSERT OR DELETE ON mill_subscriptions FOR EACH ROW EXECUTE FUNCTION analytics_row_touched();--> statement-breakpoint
CREATE TRIGGER analytics_subscription_changed AFTER UPDATE ON mill_subscriptions FOR EACH ROW
  WHEN ((OLD.mill_id, OLD.plan_key, OLD.custom_max_orders, OLD.custom_allowed_clients) IS DISTINCT FROM (NEW.mill_id, NEW.plan_key, NEW.custom_max_orders, NEW.custom_allowed_clients))
  EXECUTE FUNCTION analytics_row_touched();--> statement-breakpoint
CREATE TRIGGER analytics_mill_changed AFTER UPDATE ON mills FOR EACH ROW
  WHEN ((OLD.company_id, OLD.created_at) IS DISTINCT FROM (NEW.company_id, NEW.created_at)) EXECUTE FUNCTION analytics_platform_touched();--> statement-breakpoint
CREATE TRIGGER analytics_company_renamed AFTER UPDATE ON companies FOR EACH ROW
  WHEN ((OLD.name, OLD.email) IS DISTINCT FROM (NEW.name, NEW.email)) EXECUTE FUNCTION analytics_platform_touched();--> statement-breakpoint
CREATE TRIGGER analytics_users_added AFTER INSERT OR DELETE ON users FOR EACH STATEMENT EXECUTE FUNCTION analytics_platform_touched();--> statement-breakpoint
CREATE TRIGGER analytics_user_changed AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.email, OLD.role_type, OLD.company_id, OLD.created_at) IS DISTINCT FROM (NEW.email, NEW.role_type, NEW.company_id, NEW.created_at))
  EXECUTE FUNCTION analytics_platform_touched();--> statement-breakpoint
CREATE TRIGGER analytics_labs_changed AFTER INSERT OR UPDATE OR DELETE ON labs FOR EACH STATEMENT EXECUTE FUNCTION analytics_platform_touched();--> statement-breakpoint
CREATE TRIGGER analytics_plans_changed AFTER INSERT OR UPDATE OR DELETE ON plans FOR EACH STATEMENT EXECUTE FUNCTION analytics_platform_touched();

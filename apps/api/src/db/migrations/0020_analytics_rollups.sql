CREATE TABLE "lab_order_counts" (
	"lab_id" integer PRIMARY KEY NOT NULL,
	"submitted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mill_order_days" (
	"mill_id" integer NOT NULL,
	"day" date NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mill_order_days_mill_id_day_pk" PRIMARY KEY("mill_id","day")
);
--> statement-breakpoint
CREATE TABLE "mill_rollups" (
	"mill_id" integer PRIMARY KEY NOT NULL,
	"clients" integer DEFAULT 0 NOT NULL,
	"stored_bytes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_rollups" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"mill_id" integer NOT NULL,
	"components" integer DEFAULT 0 NOT NULL,
	"documents" integer DEFAULT 0 NOT NULL,
	"document_bytes" bigint DEFAULT 0 NOT NULL,
	"stored_bytes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lab_order_counts" ADD CONSTRAINT "lab_order_counts_lab_id_labs_id_fk" FOREIGN KEY ("lab_id") REFERENCES "public"."labs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mill_order_days" ADD CONSTRAINT "mill_order_days_mill_id_mills_id_fk" FOREIGN KEY ("mill_id") REFERENCES "public"."mills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mill_rollups" ADD CONSTRAINT "mill_rollups_mill_id_mills_id_fk" FOREIGN KEY ("mill_id") REFERENCES "public"."mills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mill_order_days_day_idx" ON "mill_order_days" USING btree ("day","mill_id");--> statement-breakpoint
-- Hand-written below: the triggers that keep the four roll-ups of db/schema/analytics-rollups.ts,
-- then their backfill. Every change is a delta applied in the changing statement's transaction,
-- so concurrent writers add up instead of overwriting each other. Rows a statement touches are
-- locked in key order first, so two statements over the same orders or mills never deadlock.
CREATE FUNCTION analytics_add_to_mills(mill_ids integer[], clients integer[], bytes bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM mill_rollups WHERE mill_id = ANY(mill_ids) ORDER BY mill_id FOR UPDATE;
  UPDATE mill_rollups m SET clients = m.clients + d.clients, stored_bytes = m.stored_bytes + d.bytes
    FROM (SELECT mill_id, sum(c)::int AS clients, sum(b)::bigint AS bytes FROM unnest(mill_ids, clients, bytes) AS u(mill_id, c, b) GROUP BY mill_id) d
    WHERE m.mill_id = d.mill_id AND (d.clients <> 0 OR d.bytes <> 0);
END $$;--> statement-breakpoint
-- Deltas per order; the bytes go on to the order's mill.
CREATE FUNCTION analytics_add_to_orders(project_ids integer[], parts integer[], documents integer[], document_bytes bigint[], stored_bytes bigint[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  mill_ids integer[];
  bytes bigint[];
BEGIN
  PERFORM 1 FROM order_rollups WHERE project_id = ANY(project_ids) ORDER BY project_id FOR UPDATE;
  WITH d AS (
    SELECT project_id, sum(c)::int AS c, sum(n)::int AS n, sum(db)::bigint AS db, sum(sb)::bigint AS sb
    FROM unnest(project_ids, parts, documents, document_bytes, stored_bytes) AS u(project_id, c, n, db, sb) GROUP BY project_id
  ), changed AS (
    UPDATE order_rollups r SET components = r.components + d.c, documents = r.documents + d.n,
      document_bytes = r.document_bytes + d.db, stored_bytes = r.stored_bytes + d.sb
    FROM d WHERE r.project_id = d.project_id RETURNING r.mill_id, d.sb
  )
  SELECT array_agg(mill_id), array_agg(sb) INTO mill_ids, bytes FROM changed WHERE sb <> 0;
  IF mill_ids IS NOT NULL THEN
    PERFORM analytics_add_to_mills(mill_ids, array_fill(0, ARRAY[cardinality(mill_ids)]), bytes);
  END IF;
END $$;--> statement-breakpoint
-- Files counted (sign 1) or taken off (-1) their orders, found through their components. A file
-- whose component is already gone went with it: the component's delete trigger took it off.
CREATE FUNCTION analytics_count_files(sign integer, component_ids integer[], kinds text[], sizes bigint[]) RETURNS void LANGUAGE sql AS $$
  SELECT analytics_add_to_orders(array_agg(project_id), array_fill(0, ARRAY[count(*)::int]), array_agg(n), array_agg(db), array_agg(sb)) FROM (
    SELECT c.project_id, sign * (count(*) FILTER (WHERE f.kind = 'document'))::int AS n,
      sign * coalesce(sum(f.size) FILTER (WHERE f.kind = 'document'), 0)::bigint AS db, sign * sum(f.size)::bigint AS sb
    FROM unnest(component_ids, kinds, sizes) AS f(component_id, kind, size) JOIN components c ON c.id = f.component_id
    GROUP BY c.project_id
  ) per_order HAVING count(*) > 0;
$$;--> statement-breakpoint
CREATE FUNCTION analytics_component_files_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A transition table exists only for the events that have it, so each branch reads its own.
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM analytics_count_files(-1, array_agg(component_id), array_agg(kind), array_agg(size)) FROM old_rows;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM analytics_count_files(1, array_agg(component_id), array_agg(kind), array_agg(size)) FROM new_rows;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER analytics_component_files_inserted AFTER INSERT ON component_files REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_component_files_changed();--> statement-breakpoint
CREATE TRIGGER analytics_component_files_updated AFTER UPDATE ON component_files REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_component_files_changed();--> statement-breakpoint
CREATE TRIGGER analytics_component_files_deleted AFTER DELETE ON component_files REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_component_files_changed();--> statement-breakpoint
-- Components counted per order; a component that moves to another order takes its files along.
CREATE FUNCTION analytics_components_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_add_to_orders(array_agg(project_id), array_agg(n), array_fill(0, ARRAY[count(*)::int]), array_fill(0::bigint, ARRAY[count(*)::int]), array_fill(0::bigint, ARRAY[count(*)::int]))
      FROM (SELECT project_id, count(*)::int AS n FROM new_rows GROUP BY project_id) per_order HAVING count(*) > 0;
  ELSE
    PERFORM analytics_add_to_orders(array_agg(m.project_id), array_agg(m.sign), array_agg(m.sign * f.n), array_agg(m.sign * f.db), array_agg(m.sign * f.sb))
      FROM (
        SELECT o.id, o.project_id, -1 AS sign FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.project_id <> o.project_id
        UNION ALL
        SELECT n.id, n.project_id, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.project_id <> o.project_id
      ) m
      CROSS JOIN LATERAL (
        SELECT (count(*) FILTER (WHERE kind = 'document'))::int AS n, coalesce(sum(size) FILTER (WHERE kind = 'document'), 0)::bigint AS db, coalesce(sum(size), 0)::bigint AS sb
        FROM component_files WHERE component_id = m.id
      ) f HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A component's files go by cascade after it, when nothing can tell their order any more, so they
-- are taken off before the row goes. When its order is being deleted, the order's trigger takes
-- the whole order off instead.
CREATE FUNCTION analytics_component_deleting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM projects WHERE id = OLD.project_id) THEN
    PERFORM analytics_add_to_orders(ARRAY[OLD.project_id], ARRAY[-1], ARRAY[-(count(*) FILTER (WHERE kind = 'document'))::int],
      ARRAY[-coalesce(sum(size) FILTER (WHERE kind = 'document'), 0)::bigint], ARRAY[-coalesce(sum(size), 0)::bigint])
      FROM component_files WHERE component_id = OLD.id;
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER analytics_components_inserted AFTER INSERT ON components REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_components_changed();--> statement-breakpoint
CREATE TRIGGER analytics_components_moved AFTER UPDATE ON components REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_components_changed();--> statement-breakpoint
CREATE TRIGGER analytics_components_deleting BEFORE DELETE ON components FOR EACH ROW EXECUTE FUNCTION analytics_component_deleting();--> statement-breakpoint
-- Submitted orders counted (sign 1) or taken off (-1) per mill and day and per lab. A mill or lab
-- being deleted takes its rows with it; its orders' deletion must not recreate them.
CREATE FUNCTION analytics_count_orders(sign integer, mill_ids integer[], lab_ids integer[], created timestamptz[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO mill_order_days AS d (mill_id, day, orders)
    SELECT mill_id, (at AT TIME ZONE 'UTC')::date, sign * count(*) FROM unnest(mill_ids, created) AS u(mill_id, at)
    WHERE EXISTS (SELECT 1 FROM mills m WHERE m.id = u.mill_id)
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (mill_id, day) DO UPDATE SET orders = d.orders + excluded.orders;
  INSERT INTO lab_order_counts AS c (lab_id, submitted)
    SELECT lab_id, sign * count(*) FROM unnest(lab_ids) AS u(lab_id)
    WHERE EXISTS (SELECT 1 FROM labs l WHERE l.id = u.lab_id)
    GROUP BY 1 ORDER BY 1
    ON CONFLICT (lab_id) DO UPDATE SET submitted = c.submitted + excluded.submitted;
$$;--> statement-breakpoint
CREATE FUNCTION analytics_projects_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  mill_ids integer[];
  bytes bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_rollups (project_id, mill_id) SELECT id, mill_id FROM new_rows ORDER BY id;
    PERFORM analytics_count_orders(1, array_agg(mill_id), array_agg(lab_id), array_agg(created_at)) FROM new_rows WHERE submitted_at IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM analytics_count_orders(-1, array_agg(mill_id), array_agg(lab_id), array_agg(created_at)) FROM old_rows WHERE submitted_at IS NOT NULL;
    WITH gone AS (DELETE FROM order_rollups r USING old_rows o WHERE r.project_id = o.id RETURNING r.mill_id, r.stored_bytes)
    SELECT array_agg(mill_id), array_agg(-stored_bytes) INTO mill_ids, bytes FROM gone WHERE stored_bytes <> 0;
  ELSE
    -- Only rows whose counted facts changed: the old facts off, the new ones on.
    PERFORM analytics_count_orders(-1, array_agg(o.mill_id), array_agg(o.lab_id), array_agg(o.created_at))
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.submitted_at IS NOT NULL AND (o.mill_id, o.lab_id, o.created_at, n.submitted_at IS NULL) IS DISTINCT FROM (n.mill_id, n.lab_id, n.created_at, false);
    PERFORM analytics_count_orders(1, array_agg(n.mill_id), array_agg(n.lab_id), array_agg(n.created_at))
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE n.submitted_at IS NOT NULL AND (o.mill_id, o.lab_id, o.created_at, o.submitted_at IS NULL) IS DISTINCT FROM (n.mill_id, n.lab_id, n.created_at, false);
    -- An order moved to another mill takes its bytes along.
    WITH moved AS (
      UPDATE order_rollups r SET mill_id = n.mill_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE r.project_id = n.id AND n.mill_id <> o.mill_id RETURNING o.mill_id AS from_mill, n.mill_id AS to_mill, r.stored_bytes
    )
    SELECT array_agg(mill_id), array_agg(delta) INTO mill_ids, bytes FROM (
      SELECT from_mill AS mill_id, -stored_bytes AS delta FROM moved UNION ALL SELECT to_mill, stored_bytes FROM moved
    ) deltas WHERE delta <> 0;
  END IF;
  IF mill_ids IS NOT NULL THEN
    PERFORM analytics_add_to_mills(mill_ids, array_fill(0, ARRAY[cardinality(mill_ids)]), bytes);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER analytics_projects_inserted AFTER INSERT ON projects REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_projects_changed();--> statement-breakpoint
CREATE TRIGGER analytics_projects_updated AFTER UPDATE ON projects REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_projects_changed();--> statement-breakpoint
CREATE TRIGGER analytics_projects_deleted AFTER DELETE ON projects REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_projects_changed();--> statement-breakpoint
CREATE FUNCTION analytics_mill_clients_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM analytics_add_to_mills(array_agg(mill_id), array_fill(-1, ARRAY[count(*)::int]), array_fill(0::bigint, ARRAY[count(*)::int])) FROM old_rows HAVING count(*) > 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM analytics_add_to_mills(array_agg(mill_id), array_fill(1, ARRAY[count(*)::int]), array_fill(0::bigint, ARRAY[count(*)::int])) FROM new_rows HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER analytics_mill_clients_inserted AFTER INSERT ON mill_clients REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_mill_clients_changed();--> statement-breakpoint
CREATE TRIGGER analytics_mill_clients_moved AFTER UPDATE ON mill_clients REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_mill_clients_changed();--> statement-breakpoint
CREATE TRIGGER analytics_mill_clients_deleted AFTER DELETE ON mill_clients REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_mill_clients_changed();--> statement-breakpoint
CREATE FUNCTION analytics_mills_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO mill_rollups (mill_id) SELECT id FROM new_rows ORDER BY id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER analytics_mills_inserted AFTER INSERT ON mills REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_mills_inserted();--> statement-breakpoint
-- The backfill, with writers held off until the migration commits so no change slips between.
LOCK TABLE mills, projects, components, component_files, mill_clients IN SHARE MODE;--> statement-breakpoint
INSERT INTO order_rollups (project_id, mill_id, components, documents, document_bytes, stored_bytes)
  SELECT p.id, p.mill_id, coalesce(c.n, 0), coalesce(f.n, 0), coalesce(f.db, 0), coalesce(f.sb, 0)
  FROM projects p
  LEFT JOIN (SELECT project_id, count(*)::int AS n FROM components GROUP BY project_id) c ON c.project_id = p.id
  LEFT JOIN (
    SELECT co.project_id, (count(*) FILTER (WHERE f.kind = 'document'))::int AS n,
      coalesce(sum(f.size) FILTER (WHERE f.kind = 'document'), 0) AS db, sum(f.size) AS sb
    FROM component_files f JOIN components co ON co.id = f.component_id GROUP BY co.project_id
  ) f ON f.project_id = p.id;--> statement-breakpoint
INSERT INTO mill_rollups (mill_id, clients, stored_bytes)
  SELECT m.id, coalesce(c.n, 0), coalesce(b.bytes, 0) FROM mills m
  LEFT JOIN (SELECT mill_id, count(*)::int AS n FROM mill_clients GROUP BY mill_id) c ON c.mill_id = m.id
  LEFT JOIN (SELECT mill_id, sum(stored_bytes) AS bytes FROM order_rollups GROUP BY mill_id) b ON b.mill_id = m.id;--> statement-breakpoint
INSERT INTO mill_order_days (mill_id, day, orders)
  SELECT mill_id, (created_at AT TIME ZONE 'UTC')::date, count(*) FROM projects WHERE submitted_at IS NOT NULL GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO lab_order_counts (lab_id, submitted)
  SELECT lab_id, count(*) FROM projects WHERE submitted_at IS NOT NULL GROUP BY lab_id;

CREATE TABLE "dealer_customer_counts" (
	"dealer_id" integer PRIMARY KEY NOT NULL,
	"customers" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dealer_customer_list_versions" (
	"root_dealer_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "licence_ticket_counts" (
	"dealer_id" integer NOT NULL,
	"archived" boolean NOT NULL,
	"tickets" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "licence_ticket_counts_dealer_id_archived_pk" PRIMARY KEY("dealer_id","archived")
);
--> statement-breakpoint
DROP INDEX "dealer_customers_path_search_idx";--> statement-breakpoint
DROP INDEX "licence_tickets_path_search_idx";--> statement-breakpoint
ALTER TABLE "dealer_customer_counts" ADD CONSTRAINT "dealer_customer_counts_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dealer_customers_path_idx" ON "dealer_customers" USING gin ("dealer_path");--> statement-breakpoint
CREATE INDEX "dealer_customers_created_idx" ON "dealer_customers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "dealer_customers_last_name_idx" ON "dealer_customers" USING btree ("last_name","id");--> statement-breakpoint
CREATE INDEX "dealer_customers_company_idx" ON "dealer_customers" USING btree ("company","id");--> statement-breakpoint
CREATE INDEX "dealer_customers_search_idx" ON "dealer_customers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "licence_tickets_path_idx" ON "licence_tickets" USING gin ("dealer_path");--> statement-breakpoint
CREATE INDEX "licence_tickets_search_idx" ON "licence_tickets" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Hand-written below: the triggers that keep the two tables (schema comment in
-- db/schema/dealer-list-counts.ts). Statement-level with transition tables, so an import batch
-- of thousands of rows updates each dealer's count and its tree's version once, not per row.
-- Rows are upserted in key order so concurrent statements lock them in the same order.
INSERT INTO "dealer_customer_counts" ("dealer_id", "customers") SELECT "dealer_id", count(*) FROM "dealer_customers" GROUP BY "dealer_id";--> statement-breakpoint
CREATE FUNCTION dealer_customer_lists_moved(roots integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO dealer_customer_list_versions AS v (root_dealer_id, version)
    SELECT root, 1 FROM unnest(roots) AS root WHERE root IS NOT NULL ORDER BY root
    ON CONFLICT (root_dealer_id) DO UPDATE SET version = v.version + 1;
$$;--> statement-breakpoint
CREATE FUNCTION dealer_customers_count_and_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A transition table exists only for the events that have it, so each branch reads its own.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO dealer_customer_counts AS c (dealer_id, customers)
      SELECT dealer_id, count(*) FROM new_rows GROUP BY dealer_id ORDER BY dealer_id
      ON CONFLICT (dealer_id) DO UPDATE SET customers = c.customers + excluded.customers;
    PERFORM dealer_customer_lists_moved((SELECT array_agg(DISTINCT dealer_path[1]) FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE dealer_customer_counts c SET customers = c.customers - gone.n
      FROM (SELECT dealer_id, count(*) AS n FROM old_rows GROUP BY dealer_id) gone
      WHERE c.dealer_id = gone.dealer_id;
    PERFORM dealer_customer_lists_moved((SELECT array_agg(DISTINCT dealer_path[1]) FROM old_rows));
  ELSE
    INSERT INTO dealer_customer_counts AS c (dealer_id, customers)
      SELECT dealer_id, sum(delta) FROM (
        SELECT o.dealer_id, -1 AS delta FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.dealer_id <> o.dealer_id
        UNION ALL
        SELECT n.dealer_id, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.dealer_id <> o.dealer_id
      ) moved GROUP BY dealer_id ORDER BY dealer_id
      ON CONFLICT (dealer_id) DO UPDATE SET customers = c.customers + excluded.customers;
    PERFORM dealer_customer_lists_moved((SELECT array_agg(DISTINCT root) FROM (SELECT dealer_path[1] AS root FROM old_rows UNION SELECT dealer_path[1] FROM new_rows) roots));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER dealer_customers_counted_on_insert AFTER INSERT ON dealer_customers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dealer_customers_count_and_version();--> statement-breakpoint
CREATE TRIGGER dealer_customers_counted_on_update AFTER UPDATE ON dealer_customers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dealer_customers_count_and_version();--> statement-breakpoint
CREATE TRIGGER dealer_customers_counted_on_delete AFTER DELETE ON dealer_customers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dealer_customers_count_and_version();--> statement-breakpoint
CREATE FUNCTION dealers_customer_list_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dealer_customer_lists_moved(NEW.path[1:1]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER dealers_customer_list_renamed AFTER UPDATE ON dealers FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.dealer_code IS DISTINCT FROM NEW.dealer_code)
  EXECUTE FUNCTION dealers_customer_list_renamed();
--> statement-breakpoint
-- The ticket desk's counts (schema comment in db/schema/dealer-list-counts.ts), the same way.
INSERT INTO "licence_ticket_counts" ("dealer_id", "archived", "tickets")
  SELECT coalesce("dealer_id", 0), "archived_at" IS NOT NULL, count(*) FROM "licence_tickets" GROUP BY 1, 2;--> statement-breakpoint
CREATE FUNCTION licence_tickets_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A transition table exists only for the events that have it, and PL/pgSQL plans a statement
  -- when it first runs, so each branch reads only its own.
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO licence_ticket_counts AS c (dealer_id, archived, tickets)
      SELECT coalesce(dealer_id, 0), archived_at IS NOT NULL, -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (dealer_id, archived) DO UPDATE SET tickets = c.tickets + excluded.tickets;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO licence_ticket_counts AS c (dealer_id, archived, tickets)
      SELECT coalesce(dealer_id, 0), archived_at IS NOT NULL, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (dealer_id, archived) DO UPDATE SET tickets = c.tickets + excluded.tickets;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER licence_tickets_counted_on_insert AFTER INSERT ON licence_tickets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION licence_tickets_counted();--> statement-breakpoint
CREATE TRIGGER licence_tickets_counted_on_update AFTER UPDATE ON licence_tickets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION licence_tickets_counted();--> statement-breakpoint
CREATE TRIGGER licence_tickets_counted_on_delete AFTER DELETE ON licence_tickets REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION licence_tickets_counted();

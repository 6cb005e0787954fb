ALTER TABLE "dealer_customer_list_versions" ADD COLUMN "search_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written below: the triggers of migration 0016 move `search_version` too, but only where a
-- search's matches or count may change (schema comment in db/schema/dealer-list-counts.ts): rows
-- added or removed, a customer given to another dealer, or its search_text changed. Still one
-- upsert per statement, in root order, so an import batch pays for it once.
CREATE FUNCTION dealer_customer_lists_moved(roots integer[], searched integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO dealer_customer_list_versions AS v (root_dealer_id, version, search_version)
    SELECT root, 1, CASE WHEN root = ANY (searched) THEN 1 ELSE 0 END FROM unnest(roots) AS root WHERE root IS NOT NULL ORDER BY root
    ON CONFLICT (root_dealer_id) DO UPDATE SET version = v.version + 1, search_version = v.search_version + excluded.search_version;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION dealer_customers_count_and_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  roots integer[];
BEGIN
  -- A transition table exists only for the events that have it, so each branch reads its own.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO dealer_customer_counts AS c (dealer_id, customers)
      SELECT dealer_id, count(*) FROM new_rows GROUP BY dealer_id ORDER BY dealer_id
      ON CONFLICT (dealer_id) DO UPDATE SET customers = c.customers + excluded.customers;
    roots := (SELECT array_agg(DISTINCT dealer_path[1]) FROM new_rows);
    PERFORM dealer_customer_lists_moved(roots, roots);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE dealer_customer_counts c SET customers = c.customers - gone.n
      FROM (SELECT dealer_id, count(*) AS n FROM old_rows GROUP BY dealer_id) gone
      WHERE c.dealer_id = gone.dealer_id;
    roots := (SELECT array_agg(DISTINCT dealer_path[1]) FROM old_rows);
    PERFORM dealer_customer_lists_moved(roots, roots);
  ELSE
    INSERT INTO dealer_customer_counts AS c (dealer_id, customers)
      SELECT dealer_id, sum(delta) FROM (
        SELECT o.dealer_id, -1 AS delta FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.dealer_id <> o.dealer_id
        UNION ALL
        SELECT n.dealer_id, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.dealer_id <> o.dealer_id
      ) moved GROUP BY dealer_id ORDER BY dealer_id
      ON CONFLICT (dealer_id) DO UPDATE SET customers = c.customers + excluded.customers;
    PERFORM dealer_customer_lists_moved(
      (SELECT array_agg(DISTINCT root) FROM (SELECT dealer_path[1] AS root FROM old_rows UNION SELECT dealer_path[1] FROM new_rows) roots),
      (SELECT array_agg(DISTINCT root) FROM old_rows o JOIN new_rows n ON n.id = o.id, LATERAL (VALUES (o.dealer_path[1]), (n.dealer_path[1])) r (root)
        WHERE n.dealer_id <> o.dealer_id OR n.search_text IS DISTINCT FROM o.search_text));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION dealers_customer_list_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A dealer's name and id are shown on the pages but never searched.
  PERFORM dealer_customer_lists_moved(NEW.path[1:1], '{}');
  RETURN NULL;
END $$;--> statement-breakpoint
DROP FUNCTION dealer_customer_lists_moved(integer[]);

CREATE TABLE "usage_key_count" (
	"id" integer PRIMARY KEY NOT NULL,
	"keys" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_key_summaries" (
	"licence_key_id" integer PRIMARY KEY NOT NULL,
	"machines" integer DEFAULT 0 NOT NULL,
	"first_ping_at" timestamp with time zone,
	"last_ping_at" timestamp with time zone,
	"running_pings" timestamp with time zone[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "usage_key_summaries" ADD CONSTRAINT "usage_key_summaries_licence_key_id_licence_keys_id_fk" FOREIGN KEY ("licence_key_id") REFERENCES "public"."licence_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usage_key_summaries_last_ping_idx" ON "usage_key_summaries" USING btree ("last_ping_at" DESC NULLS LAST,"licence_key_id");--> statement-breakpoint
-- Hand-written below: the triggers that keep usage_key_summaries (db/schema/usage.ts), then its
-- backfill. Each statement that writes usage_machines recounts the summaries of the keys it
-- touched, in its own transaction. The rows are locked first (in key order, so two statements never
-- deadlock) and counted by the next statement, whose snapshot then holds every ping of those keys
-- that committed before: the last writer of a key always counts all of its machines. A recount
-- instead of deltas, because a key has a handful of machines and a ping moves its last ping anyway.
CREATE FUNCTION usage_refresh_key_summaries(key_ids integer[], change text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- A key has a summary exactly while it has machines: only a new machine can need one created,
  -- only a removed one can leave it with none.
  IF change = 'INSERT' THEN
    INSERT INTO usage_key_summaries (licence_key_id) SELECT k FROM unnest(key_ids) k ORDER BY k ON CONFLICT DO NOTHING;
  END IF;
  PERFORM 1 FROM usage_key_summaries WHERE licence_key_id = ANY(key_ids) ORDER BY licence_key_id FOR UPDATE;
  UPDATE usage_key_summaries s SET machines = c.machines, first_ping_at = c.first_ping_at, last_ping_at = c.last_ping_at, running_pings = c.running_pings
    FROM (
      SELECT licence_key_id, count(*)::int AS machines, min(first_ping_at) AS first_ping_at, max(last_ping_at) AS last_ping_at,
        coalesce(array_agg(last_ping_at ORDER BY last_ping_at DESC) FILTER (WHERE running), '{}') AS running_pings
      FROM usage_machines WHERE licence_key_id = ANY(key_ids) GROUP BY licence_key_id
    ) c
    WHERE s.licence_key_id = c.licence_key_id;
  IF change = 'DELETE' THEN
    DELETE FROM usage_key_summaries s
      WHERE s.licence_key_id = ANY(key_ids) AND NOT EXISTS (SELECT 1 FROM usage_machines m WHERE m.licence_key_id = s.licence_key_id);
  END IF;
END $$;
--> statement-breakpoint
-- A ping's upsert fires both the insert and the update trigger, one of them with no rows.
CREATE FUNCTION usage_machines_written() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE key_ids integer[] := ARRAY(SELECT DISTINCT licence_key_id FROM new_rows ORDER BY 1);
BEGIN
  IF cardinality(key_ids) > 0 THEN PERFORM usage_refresh_key_summaries(key_ids, TG_OP); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION usage_machines_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE key_ids integer[] := ARRAY(SELECT DISTINCT licence_key_id FROM old_rows ORDER BY 1);
BEGIN
  IF cardinality(key_ids) > 0 THEN PERFORM usage_refresh_key_summaries(key_ids, TG_OP); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER usage_machines_inserted AFTER INSERT ON usage_machines REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION usage_machines_written();--> statement-breakpoint
CREATE TRIGGER usage_machines_updated AFTER UPDATE ON usage_machines REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION usage_machines_written();--> statement-breakpoint
CREATE TRIGGER usage_machines_deleted AFTER DELETE ON usage_machines REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION usage_machines_deleted();--> statement-breakpoint
-- The count of summaries, kept by statement triggers on the summaries themselves, so a key whose
-- summary goes by cascade (the licence key deleted) is counted out too. It is spread over 16 rows
-- (by key) so the first pings of many new keys at once do not all wait for one row; the view sums them.
CREATE FUNCTION usage_key_summaries_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO usage_key_count (id, keys)
    SELECT licence_key_id % 16, CASE TG_OP WHEN 'INSERT' THEN count(*) ELSE -count(*) END FROM changed_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (id) DO UPDATE SET keys = usage_key_count.keys + excluded.keys;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER usage_key_summaries_inserted AFTER INSERT ON usage_key_summaries REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION usage_key_summaries_counted();--> statement-breakpoint
CREATE TRIGGER usage_key_summaries_deleted AFTER DELETE ON usage_key_summaries REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION usage_key_summaries_counted();--> statement-breakpoint
INSERT INTO usage_key_summaries (licence_key_id, machines, first_ping_at, last_ping_at, running_pings)
  SELECT licence_key_id, count(*)::int, min(first_ping_at), max(last_ping_at),
    coalesce(array_agg(last_ping_at ORDER BY last_ping_at DESC) FILTER (WHERE running), '{}')
  FROM usage_machines GROUP BY licence_key_id;--> statement-breakpoint
ANALYZE usage_key_summaries;

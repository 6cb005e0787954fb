-- A batch of usage pings recorded by one call (usage.repository.ts, recordPings): one round trip
-- and, called on its own, one implicit transaction, instead of five statements between BEGIN and
-- COMMIT. The statements and their lock order are those recordPings ran before (ADR 0010):
-- 1. the consenting keys, FOR SHARE in id order (a withdrawal of consent waits for the batch);
-- 2. the keys' summaries, created where missing and locked in key order, so the triggers of
--    migration 0021 that recount them take only locks the batch already holds;
-- 3. the machines, one upsert in (key, board serial) order, each machine once with its latest ping;
-- 4. the hours: the pings counted, and the peak from the summaries the triggers just recounted.
-- Each statement of a (volatile) function sees what the statements before it, triggers included, wrote.
-- `pings` is an array of {i, key, board, macs, pc, ips, running, at}; `i` orders two pings of one
-- machine that arrived in the same instant.
CREATE FUNCTION usage_record_pings(pings jsonb, window_minutes integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  key_ids integer[];
  key_texts text[];
BEGIN
  -- `= ANY(array)` keeps the lookup on the keys' unique index: the planner cannot see into the
  -- JSON and, joining it, would read every licence key.
  SELECT array_agg(id ORDER BY id), array_agg(key ORDER BY id) INTO key_ids, key_texts FROM (
    SELECT id, key FROM licence_keys
    WHERE key = ANY(ARRAY(SELECT DISTINCT p->>'key' FROM jsonb_array_elements(pings) p)) AND enable_data_collection
    ORDER BY id FOR SHARE
  ) k;
  IF key_ids IS NULL THEN RETURN; END IF;
  INSERT INTO usage_key_summaries (licence_key_id) SELECT unnest(key_ids) ORDER BY 1 ON CONFLICT DO NOTHING;
  PERFORM 1 FROM usage_key_summaries WHERE licence_key_id = ANY(key_ids) ORDER BY licence_key_id FOR UPDATE;
  -- Two pings of one machine in a batch: its row takes the later one (the upsert may touch a row once).
  INSERT INTO usage_machines (licence_key_id, board_serial, mac_addresses, pc_name, ip_addresses, running, first_ping_at, last_ping_at)
    SELECT DISTINCT ON (k.id, p.board) k.id, p.board, p.macs, p.pc, p.ips, p.running, min(p.at) OVER (PARTITION BY k.id, p.board), p.at
    FROM jsonb_to_recordset(pings) AS p(i int, key text, board text, macs text[], pc text, ips text[], running boolean, at timestamptz)
    JOIN unnest(key_ids, key_texts) AS k(id, key) ON k.key = p.key
    ORDER BY k.id, p.board, p.at DESC, p.i DESC
    ON CONFLICT (licence_key_id, board_serial) DO UPDATE SET
      mac_addresses = excluded.mac_addresses, pc_name = excluded.pc_name, ip_addresses = excluded.ip_addresses,
      running = excluded.running, last_ping_at = greatest(usage_machines.last_ping_at, excluded.last_ping_at);
  INSERT INTO usage_hours (licence_key_id, hour, max_concurrent, pings)
    SELECT h.id, h.hour, (SELECT count(*)::int FROM unnest(s.running_pings) r WHERE r > h.latest - make_interval(mins => window_minutes)), h.pings
    FROM (
      SELECT k.id, date_trunc('hour', p.at) AS hour, max(p.at) AS latest, count(*)::int AS pings
      FROM jsonb_to_recordset(pings) AS p(key text, at timestamptz)
      JOIN unnest(key_ids, key_texts) AS k(id, key) ON k.key = p.key
      GROUP BY 1, 2
    ) h
    JOIN usage_key_summaries s ON s.licence_key_id = h.id
    ORDER BY h.id, h.hour
    ON CONFLICT (licence_key_id, hour) DO UPDATE SET
      max_concurrent = greatest(usage_hours.max_concurrent, excluded.max_concurrent), pings = usage_hours.pings + excluded.pings;
END $$;

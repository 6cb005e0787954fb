import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';

/** Demo Mill's keys with data collection on, as demo-mill-admin.ts registers them, and one more. */
export const DEMO_USAGE_KEYS = ['DEMO1-MILL1-KEY01-AAAAA-00001', 'DEMO1-MILL1-KEY03-CCCCC-00003'] as const;

/**
 * Four weeks of concurrent use for the manager's charts: on working days the keys are used from
 * about 7:00 to 18:00 (UTC, whatever the server's time zone) with a peak before noon; weekends are quiet. The numbers follow a fixed
 * pattern (no randomness), so the demo looks the same on every machine. Two machines of the first
 * key have reported, the last time yesterday evening, so the view lists them as not running until
 * the simulator (or the real software) pings.
 */
export async function seedDemoUsage(db: Db, millId: number): Promise<void> {
  await db.execute(sql`
    insert into licence_keys (mill_id, key, enable_data_collection, allowed_users)
    values (${millId}, ${DEMO_USAGE_KEYS[1]}, true, 3)
    on conflict (key) do nothing
  `);
  await db.execute(sql`
    insert into usage_hours (licence_key_id, hour, max_concurrent, pings)
    select k.id, h.hour, peak.n, peak.n * 60
    from licence_keys k
    cross join generate_series(date_trunc('hour', now()) - interval '28 days', date_trunc('hour', now()) - interval '1 hour', interval '1 hour') as h(hour)
    cross join lateral (
      select case
        when extract(isodow from h.hour at time zone 'UTC') > 5 or extract(hour from h.hour at time zone 'UTC') not between 7 and 17 then 0
        when extract(hour from h.hour at time zone 'UTC') between 9 and 11 then 2 + (k.allowed_users > 1)::int + (extract(day from h.hour at time zone 'UTC')::int % 3 = 0)::int
        else 1 + (extract(day from h.hour at time zone 'UTC')::int % 2)
      end as n
    ) peak
    where k.key in (${DEMO_USAGE_KEYS[0]}, ${DEMO_USAGE_KEYS[1]}) and peak.n > 0
    on conflict do nothing
  `);
  await db.execute(sql`
    insert into usage_machines (licence_key_id, board_serial, mac_addresses, pc_name, ip_addresses, running, first_ping_at, last_ping_at)
    select k.id, m.serial, array[m.mac], m.pc, array[m.ip], false, now() - interval '28 days', date_trunc('day', now()) - interval '6 hours'
    from licence_keys k
    cross join (values ('MB-DEMO-0001', '3C:52:82:1A:00:01', 'CAM-STATION-01', '192.168.10.21'), ('MB-DEMO-0002', '3C:52:82:1A:00:02', 'CAM-STATION-02', '192.168.10.22')) as m(serial, mac, pc, ip)
    where k.key = ${DEMO_USAGE_KEYS[0]}
    on conflict do nothing
  `);
}

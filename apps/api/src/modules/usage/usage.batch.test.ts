import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONCURRENCY_WINDOW_MINUTES, type UsagePing } from '@casebridge/shared/schemas/usage';
import { signedInMill } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { recordPings, type TimedPing } from './usage.repository.ts';

/**
 * Group commit of pings (ADR 0010): a batch is written in one transaction, keeps the consent rule
 * for every ping in it, merges two pings of one machine, and a batch that fails answers every one
 * of its requests with an error, never a 202.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const randomKey = () => Array.from({ length: 5 }, () => randomBytes(3).toString('hex').slice(0, 5).toUpperCase()).join('-');

async function registeredKey(consent: boolean) {
  const mill = await signedInMill(t);
  const key = randomKey();
  const response = await t.request({
    method: 'POST',
    url: '/api/toolpass-data-collection-consents',
    token: mill.jwt,
    payload: { millId: mill.mill.id, licenseKey: key, enableDataCollection: consent },
  });
  expect(response.statusCode).toBe(200);
  return { key, keyId: response.json().id as number };
}

const ping = (licenceKey: string, boardSerial: string, running = true, pcName = `PC-${boardSerial}`): UsagePing => ({
  licenceKey,
  boardSerial,
  macAddresses: ['00:1A:2B:3C:4D:5E'],
  pcName,
  ipAddresses: ['10.0.0.7'],
  running,
});

const writeBatch = (pings: TimedPing[]) => recordPings(t.db, pings, CONCURRENCY_WINDOW_MINUTES);

async function machinesOf(keyId: number) {
  const rows = await t.db.execute<{
    board_serial: string;
    pc_name: string;
    running: boolean;
    first_ping_at: Date;
    last_ping_at: Date;
    writer: string;
  }>(sql`
    select board_serial, pc_name, running, first_ping_at, last_ping_at, xmin::text as writer from usage_machines where licence_key_id = ${keyId} order by board_serial`);
  return rows.rows;
}

async function hoursOf(keyId: number) {
  const rows = await t.db.execute<{ max_concurrent: number; pings: number }>(
    sql`select max_concurrent, pings from usage_hours where licence_key_id = ${keyId} order by hour`,
  );
  return rows.rows;
}

async function storedInTotal() {
  const result = await t.db.execute<{ n: number }>(
    sql`select (select count(*) from usage_machines) + (select count(*) from usage_hours) + (select count(*) from usage_key_summaries) as n`,
  );
  return Number(result.rows[0]!.n);
}

describe('a batch of pings', () => {
  it('stores two pings of one machine as one machine with the later state, and counts both', async () => {
    const { keyId, key } = await registeredKey(true);
    const first = new Date('2026-11-02T10:00:00Z');
    const second = new Date('2026-11-02T10:00:01Z');
    await writeBatch([
      { ping: ping(key, 'TWICE', false, 'SECOND'), at: second },
      { ping: ping(key, 'TWICE', true, 'FIRST'), at: first },
      { ping: ping(key, 'OTHER'), at: first },
    ]);
    const machines = await machinesOf(keyId);
    expect(machines.map(({ board_serial, pc_name, running }) => ({ board_serial, pc_name, running }))).toEqual([
      { board_serial: 'OTHER', pc_name: 'PC-OTHER', running: true },
      { board_serial: 'TWICE', pc_name: 'SECOND', running: false },
    ]);
    expect([new Date(machines[1]!.first_ping_at), new Date(machines[1]!.last_ping_at)]).toEqual([first, second]);
    // Three pings in the hour; the stopped machine does not count towards the peak.
    expect(await hoursOf(keyId)).toEqual([{ max_concurrent: 1, pings: 3 }]);
  });

  it('stores only the pings of consenting keys when it mixes them with keys without consent and unknown keys', async () => {
    const consenting = await registeredKey(true);
    const without = await registeredKey(false);
    const before = await storedInTotal();
    const at = new Date('2026-11-02T11:00:00Z');
    await writeBatch([
      { ping: ping(without.key, 'W-1'), at },
      { ping: ping(consenting.key, 'C-1'), at },
      { ping: ping(randomKey(), 'U-1'), at },
      { ping: ping(consenting.key, 'C-2'), at },
      { ping: ping(without.key, 'W-2'), at },
    ]);
    expect((await machinesOf(consenting.keyId)).map((row) => row.board_serial)).toEqual(['C-1', 'C-2']);
    expect(await hoursOf(consenting.keyId)).toEqual([{ max_concurrent: 2, pings: 2 }]);
    expect([await machinesOf(without.keyId), await hoursOf(without.keyId)]).toEqual([[], []]);
    // Two machines, one hour and one summary: nothing for the other keys.
    expect(await storedInTotal()).toBe(before + 4);
  });

  it('stores nothing when no key of the batch consents', async () => {
    const without = await registeredKey(false);
    const before = await storedInTotal();
    await writeBatch([
      { ping: ping(without.key, 'N-1'), at: new Date() },
      { ping: ping(randomKey(), 'N-2'), at: new Date() },
    ]);
    expect(await storedInTotal()).toBe(before);
  });
  it('runs beside other batches of the same keys, new and known machines mixed, without deadlock or a wrong summary', async () => {
    const keys = await Promise.all(Array.from({ length: 4 }, () => registeredKey(true)));
    const at = new Date();
    await writeBatch(keys.flatMap(({ key }) => [0, 1, 2].map((i) => ({ ping: ping(key, `M-${i}`), at }))));
    // Each batch has known machines and new ones of every key, in its own arrival order.
    const batches = Array.from({ length: 6 }, (_, b) =>
      keys
        .flatMap(({ key }) => [0, 1, 2, 3 + b].map((i) => ({ ping: ping(key, `M-${i}`, (i + b) % 2 === 0), at })))
        .sort(() => Math.random() - 0.5),
    );
    await Promise.all(batches.map(writeBatch));
    for (const { keyId } of keys) {
      const kept = await t.db.execute(sql`select machines, running_pings::text from usage_key_summaries where licence_key_id = ${keyId}`);
      const recount = await t.db.execute(sql`
        select count(*)::int as machines, coalesce(array_agg(last_ping_at order by last_ping_at desc) filter (where running), '{}')::text as running_pings
        from usage_machines where licence_key_id = ${keyId}`);
      expect(kept.rows).toEqual(recount.rows);
      expect(kept.rows[0]).toMatchObject({ machines: 9 });
    }
  });
});

describe('pings received at once', () => {
  const send = (body: UsagePing) => t.request({ method: 'POST', url: '/api/usage/pings', payload: body });

  it('are written together in one transaction and each answered 202 once stored', async () => {
    const first = await registeredKey(true);
    const second = await registeredKey(true);
    const without = await registeredKey(false);
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => send(ping(first.key, `A-${i}`))),
      ...Array.from({ length: 4 }, (_, i) => send(ping(second.key, `B-${i}`))),
      send(ping(without.key, 'X')),
      send(ping(randomKey(), 'Y')),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(12).fill(202));
    const machines = [...(await machinesOf(first.keyId)), ...(await machinesOf(second.keyId))];
    expect(machines).toHaveLength(10);
    expect(new Set(machines.map((row) => row.writer)).size).toBe(1);
    expect([await hoursOf(first.keyId), await hoursOf(second.keyId)]).toEqual([
      [{ max_concurrent: 6, pings: 6 }],
      [{ max_concurrent: 4, pings: 4 }],
    ]);
  });

  it('are tried again one by one when their batch fails, so only a ping the database refuses alone is refused (503, never a 202)', async () => {
    const { keyId, key } = await registeredKey(true);
    // The database refuses machine F-1 (a trigger made for the test): the batch of both fails, then
    // F-1 alone; F-2 alone is stored.
    await t.db.execute(
      sql.raw(`
      create function refuse_f1() returns trigger language plpgsql as $$
      begin if new.board_serial = 'F-1' then raise exception 'machine refused'; end if; return new; end $$;
      create trigger refuse_f1 before insert on usage_machines for each row execute function refuse_f1()`),
    );
    try {
      const answers = await Promise.all([send(ping(key, 'F-1')), send(ping(key, 'F-2'))]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([503, 202]);
      expect(answers[0]!.json()).toMatchObject({ code: 'INTERNAL', message: 'The ping could not be recorded. Please send it again.' });
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_f1 on usage_machines; drop function refuse_f1()'));
    }
    expect((await machinesOf(keyId)).map((row) => row.board_serial)).toEqual(['F-2']);
    expect((await send(ping(key, 'F-1'))).statusCode).toBe(202);
    expect(await machinesOf(keyId)).toHaveLength(2);
  });
});

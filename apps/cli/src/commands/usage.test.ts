import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMill, signIn } from '../../../api/test/factories.ts';
import type { TestApp } from '../../../api/test/test-app.ts';
import { cli, loginAs, scratchDir, startPortal } from '../test/harness.ts';
import { pingsAt, planDay, runSimulation, seededRandom } from './usage.ts';

describe('the simulated working day', () => {
  const day = planDay(['AAAAA-BBBBB-CCCCC-DDDDD-EEEEE', 'FFFFF-GGGGG-HHHHH-IIIII-JJJJJ'], 40, seededRandom(7));

  it('spreads machines over the keys and gives each a start before its stop within the day', () => {
    expect(new Set(day.map((machine) => machine.licenceKey)).size).toBe(2);
    expect(new Set(day.map((machine) => machine.boardSerial)).size).toBe(40);
    for (const machine of day) {
      expect(machine.startMinute).toBeGreaterThanOrEqual(7 * 60);
      expect(machine.stopMinute).toBeGreaterThan(machine.startMinute);
      expect(machine.stopMinute).toBeLessThanOrEqual(19 * 60);
    }
  });

  it('has nobody at 6:00, most at 11:00, fewer at 18:30', () => {
    const running = (minute: number) => pingsAt(day, minute).filter((ping) => ping.running).length;
    expect(running(6 * 60)).toBe(0);
    expect(running(11 * 60)).toBeGreaterThan(running(18 * 60 + 30));
    expect(running(11 * 60)).toBeGreaterThan(20);
  });

  it('sends one "stopped" ping in the minute a machine stops, and nothing after', () => {
    const machine = day[0]!;
    const atStop = pingsAt([machine], machine.stopMinute);
    expect(atStop).toEqual([expect.objectContaining({ boardSerial: machine.boardSerial, running: false })]);
    expect(pingsAt([machine], machine.stopMinute + 1)).toEqual([]);
  });

  it('is the same day for the same seed', () => {
    expect(planDay(['K'], 5, seededRandom(3))).toEqual(planDay(['K'], 5, seededRandom(3)));
    expect(planDay(['K'], 5, seededRandom(3))).not.toEqual(planDay(['K'], 5, seededRandom(4)));
  });

  it('waits one tick between minutes and reports each hour', async () => {
    const waits: number[] = [];
    const reports: string[] = [];
    const sent = await runSimulation({
      day,
      fromMinute: 9 * 60,
      toMinute: 10 * 60,
      tickMs: 25,
      send: async () => undefined,
      sleep: async (ms) => void waits.push(ms),
      report: (minute, running) => reports.push(`${minute}:${running}`),
    });
    expect(waits).toEqual(Array(60).fill(25));
    expect(reports.map((line) => line.split(':')[0])).toEqual(['540', '600']);
    const expected = Array.from({ length: 61 }, (_, i) => pingsAt(day, 9 * 60 + i).length).reduce((a, b) => a + b, 0);
    expect(sent).toBe(expected);
  });
});

describe('casebridge usage simulate', () => {
  let t: TestApp;
  let url: string;
  let scratch: Awaited<ReturnType<typeof scratchDir>>;
  beforeAll(async () => {
    ({ t, url } = await startPortal());
    scratch = await scratchDir();
  });
  afterAll(async () => {
    await t.close();
    await scratch.remove();
  });

  it("pings with the signed-in mill's consenting key, and the portal keeps the machines that ran", async () => {
    const { mill, admin } = await createMill(t.db);
    const jwt = await signIn(t, admin.email);
    const key = 'SIMUL-ATION-TESTK-EY123-45678';
    const added = await t.request({
      method: 'POST',
      url: '/api/toolpass-data-collection-consents',
      token: jwt,
      payload: { millId: mill.id, licenseKey: key, enableDataCollection: true },
    });
    expect(added.statusCode).toBe(200);
    const config = await loginAs(scratch.dir, url, admin.email);

    const result = await cli(
      ['usage', 'simulate', '--machines', '6', '--from', '08:00', '--to', '08:40', '--speed', '60000', '--seed', '11'],
      { config },
    );
    expect(result.stderr).toContain('Simulating 6 machine(s) on 1 key(s)');
    expect(result.code).toBe(0);

    const planned = planDay([key], 6, seededRandom(11)).filter(
      (machine) => machine.startMinute <= 8 * 60 + 40 && machine.stopMinute >= 8 * 60,
    );
    const stored = await t.db.execute<{ board_serial: string }>(
      sql`select m.board_serial from usage_machines m join licence_keys k on k.id = m.licence_key_id where k.key = ${key} order by 1`,
    );
    expect(stored.rows.map((row) => row.board_serial)).toEqual(planned.map((machine) => machine.boardSerial).sort());
    expect(planned.length).toBeGreaterThan(0);
  });

  it('says what is wrong when the mill has no consenting key, or the options make no sense', async () => {
    const { admin } = await createMill(t.db);
    const config = await loginAs(scratch.dir, url, admin.email);
    const noKeys = await cli(['usage', 'simulate'], { config });
    expect(noKeys.code).toBe(1);
    expect(noKeys.stderr).toContain('no licence key with data collection enabled');
    const badTime = await cli(['usage', 'simulate', '--from', '25:00'], { config });
    expect(badTime.stderr).toContain('--from must be a time of day');
    const unknown = await cli(['usage', 'replay'], { config });
    expect(unknown.stderr).toContain('unknown usage command');
  });
});

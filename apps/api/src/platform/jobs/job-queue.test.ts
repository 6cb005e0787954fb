import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-app.ts';
import { JobQueue } from './job-queue.ts';

/** The queue's promises: a job exists exactly when its transaction committed; failures retry; schedules fire. */
let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const mail = { to: 'someone@example.test', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' };

async function until(check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the job queue', () => {
  it('keeps no job of a transaction that rolled back, and runs the one of a committed transaction', async () => {
    const sent: string[] = [];
    const queue = new JobQueue({ pool: database.database.pool, work: true });
    queue.handle('mail.send', async (message) => void sent.push(message.subject));
    await queue.start();
    try {
      await expect(
        database.database.db.transaction(async (tx) => {
          await queue.enqueue(tx, 'mail.send', { ...mail, subject: 'rolled back' });
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      await database.database.db.transaction(async (tx) => queue.enqueue(tx, 'mail.send', { ...mail, subject: 'committed' }));
      await queue.idle(['mail.send']);
      expect(sent).toEqual(['committed']);
    } finally {
      await queue.stop();
    }
  });

  it('refuses a job before it has started, instead of losing it', async () => {
    const queue = new JobQueue({ pool: database.database.pool, work: false });
    queue.handle('mail.send', async () => undefined);
    await expect(queue.enqueue(database.database.db, 'mail.send', mail)).rejects.toThrow('has not started');
  });

  it('tries a failing job again after a delay', async () => {
    const attempts: number[] = [];
    const queue = new JobQueue({ pool: database.database.pool, work: true, pollingIntervalSeconds: 0.5 });
    queue.handle(
      'mail.send',
      async () => {
        attempts.push(Date.now());
        if (attempts.length === 1) throw new Error('the mail server is down');
      },
      { retryLimit: 3, retryDelay: 1 },
    );
    await queue.start();
    try {
      await queue.enqueue(database.database.db, 'mail.send', mail);
      await until(() => attempts.length === 2);
      expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(900);
      await queue.idle(['mail.send']);
    } finally {
      await queue.stop();
    }
  });

  it('runs a scheduled job once per minute across two processes', async () => {
    // pg-boss sends a schedule's job once per minute slot; a run that starts near a minute's end
    // may legitimately see the next slot's job too, so the bound is the slots the test spanned.
    let runs = 0;
    const options = { pool: database.database.pool, work: true, pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1 };
    const queues = [new JobQueue(options), new JobQueue(options)];
    for (const queue of queues) queue.schedule('tokens.purge-expired', '* * * * *', async () => void (runs += 1));
    const startedAt = Date.now();
    await Promise.all(queues.map((queue) => queue.start()));
    try {
      await until(() => runs >= 1, 20_000);
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      const minuteSlotsSpanned = Math.floor(Date.now() / 60_000) - Math.floor(startedAt / 60_000) + 1;
      expect(runs).toBeGreaterThanOrEqual(1);
      expect(runs).toBeLessThanOrEqual(minuteSlotsSpanned);
    } finally {
      await Promise.all(queues.map((queue) => queue.stop()));
    }
  }, 30_000);
});

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../../db/embedded-postgres.ts';
import { createLab } from '../../../test/factories.ts';
import { createTestDatabase } from '../../../test/test-app.ts';
import { OutboxMailer } from '../mail/mailer.ts';

/**
 * A mail is queued in the transaction of the change that causes it: a server killed after the
 * commit and before the send leaves the job behind, and the next start sends it, once.
 */
const serverFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server.ts');
let dataDir: string;
let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'casebridge-crash-'));
});
afterAll(async () => {
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
});

async function startServer(port: number, runJobs: boolean): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    JWT_SECRET: randomBytes(32).toString('base64url'),
    RUN_JOBS: String(runJobs),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
  };
  delete env.SMTP_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', serverFile], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const deadline = Date.now() + 60_000;
  while (
    !(await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return child;
}

const exited = (child: ChildProcess) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));

it('sends a mail whose server was killed between the commit and the send, once, after the restart', async () => {
  const lab = await createLab(database.database.db);
  const outbox = new OutboxMailer(path.join(dataDir, 'outbox'), 'test');
  const port = await freePort();

  // This process takes the request and commits the job, but works no jobs: the send never happens.
  const first = await startServer(port, false);
  const answer = await fetch(`http://127.0.0.1:${port}/api/auth/forgot-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: lab.user.email }),
  });
  expect(answer.status).toBe(200);
  first.kill('SIGKILL');
  await exited(first);
  expect(await outbox.list()).toEqual([]);

  const second = await startServer(port, true);
  try {
    const deadline = Date.now() + 20_000;
    while ((await outbox.list()).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    // Long enough for a duplicate to show up if the job ran twice.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const mails = await outbox.list();
    expect(mails.map((mail) => mail.to)).toEqual([lab.user.email]);
    expect(mails[0]!.text).toMatch(/[?&]code=[A-Za-z0-9_-]{20,}/);
  } finally {
    second.kill('SIGTERM');
    await exited(second);
  }
}, 120_000);

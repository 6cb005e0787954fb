import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { connect, DEFAULT_POOL_SIZE, type Database, type Db } from '../src/db/client.ts';
import type { RateLimits } from '../src/deps.ts';
import type { StoredMail } from '../src/platform/mail/mailer.ts';
import { OutboxMailer } from '../src/platform/mail/mailer.ts';
import { withDatabase } from './global-setup.ts';
import { JOBS_SCHEMA } from '../src/platform/jobs/job-queue.ts';

/** Generous limits so ordinary tests never trip them; the rate-limit tests pass the real ones. */
const RELAXED = { max: 10_000, windowMs: 60_000 };
export const RELAXED_RATE_LIMITS: RateLimits = {
  signIn: { perIp: RELAXED, perIdentifier: RELAXED },
  secondFactor: { perIp: RELAXED, perIdentifier: RELAXED },
  forgotPassword: { perIp: RELAXED, perIdentifier: RELAXED },
  checkUniqueEmail: { perIp: RELAXED },
  token: { perIp: RELAXED },
  register: { perIp: RELAXED, perIdentifier: RELAXED },
};

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** Mails the app wrote to its outbox, newest first. */
  mails(): Promise<StoredMail[]>;
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** A fresh database cloned from the migrated template, and an app built on it. */
export async function createTestDatabase(): Promise<{ database: Database; url: string; drop(): Promise<void> }> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `cb_${inject('runId')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('templateDatabase')}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const database = connect(url, { poolSize: testPoolSize() });
  return {
    database,
    url,
    async drop() {
      await database.close();
      const client = new pg.Client(adminUrl);
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** The pool size vitest.config.ts gives every portal of the run (DATABASE_POOL_SIZE). */
export function testPoolSize(): number {
  return Number(process.env.DATABASE_POOL_SIZE) || DEFAULT_POOL_SIZE;
}

/** `logger`: Pino options for a test that reads the logs (default: no logs). */
export async function createTestApp(
  options: { rateLimits?: Partial<RateLimits>; env?: Record<string, string>; logger?: object } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'casebridge-test-'));
  const { database, drop } = await createTestDatabase();
  // The usage view's answers are kept per period of wall-clock time, which a test cannot hold
  // still; usage.cache.test.ts turns them on and moves the clock itself.
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://portal.test',
    USAGE_VIEW_MAX_AGE_MS: '0',
    ...options.env,
  });
  const app = await buildApp({
    config,
    database,
    jwtSecret: randomBytes(32).toString('base64url'),
    rateLimits: { ...RELAXED_RATE_LIMITS, ...options.rateLimits },
    logger: options.logger ?? false,
  });
  const outbox = new OutboxMailer(path.join(dataDir, 'outbox'), config.mailFrom);
  return {
    app,
    db: database.db,
    config,
    // Mails travel through the job queue: a test reads them once the queue has sent them.
    mails: async () => {
      await mailJobsDone(database.pool);
      return outbox.list();
    },
    request: ({ token, headers, ...rest }) =>
      app.inject({ ...rest, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } }),
    async close() {
      await app.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits until no mail job is waiting or running (they run on the app's own workers). */
export async function mailJobsDone(pool: pg.Pool, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await pool.query<{ n: number }>(
      `select count(*)::int as n from ${JOBS_SCHEMA}.job where name like 'mail.%' and state < 'completed'`,
    );
    if (rows[0]!.n === 0) return;
    if (Date.now() > deadline) throw new Error('mail jobs still pending');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Pulls the one-time token out of the link in a mail. */
export function tokenFromMail(mail: StoredMail, parameter: 'confirmation' | 'code' | 'activation'): string {
  const match = new RegExp(`[?&]${parameter}=([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${parameter} link in mail "${mail.subject}"`);
  return match[1]!;
}

/** Mail work after forgot-password runs after the answer; tests wait for it. */
export async function waitForMail(t: TestApp, predicate: (mail: StoredMail) => boolean, timeoutMs = 5000): Promise<StoredMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await t.mails()).find(predicate);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('mail did not arrive');
}

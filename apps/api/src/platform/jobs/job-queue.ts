import { param, sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Db } from '../../db/client.ts';
import type { JobName, JobTypes } from './job-types.ts';

/**
 * Background work kept in PostgreSQL (pg-boss 10, ADR 0006). A job is added in the transaction of
 * the change that causes it, so it exists exactly when that change committed: a crash after the
 * commit leaves the job for the next process; a rollback leaves no job. Workers in every server
 * process take jobs; retries back off exponentially; scheduled (cron) jobs fire once per cluster.
 */
export const JOBS_SCHEMA = 'pgboss';
/** NOTIFY travels only on commit, which is exactly when a new job becomes visible to workers. */
const WAKE_CHANNEL = 'casebridge_jobs';
/** Any constant, distinct from the migrations' lock. */
const JOB_SETUP_LOCK_ID = 7_341_203;
/**
 * Idle workers look for jobs this often. New jobs wake workers at once (NOTIFY), so polling only
 * finds what no notification announces: retries and delayed jobs (whose delays are 5 s and more)
 * and jobs whose notification a lost listening connection missed.
 */
const DEFAULT_POLLING_SECONDS = 10;
/**
 * Each further queue polls this much less often, so the queues' polls drift apart instead of
 * reaching the database together: eleven queries of pg-boss at one instant every 2 s delayed the
 * ping batches that were running by 40 to 130 ms (bench:usage).
 */
const POLLING_SPREAD_SECONDS = 0.5;

/** Anything that runs SQL: the database or a transaction of it. */
export type SqlExecutor = Pick<Db, 'execute'>;

export interface JobOptions {
  retryLimit?: number;
  /** Seconds before the first retry; doubled each time when retryBackoff. */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** How long one attempt may run before it counts as failed (a crashed worker's job comes back after this). */
  expireInSeconds?: number;
  /** At most one waiting job per key (e.g. one import per file). */
  singletonKey?: string;
}

export type JobHandler<N extends JobName> = (data: JobTypes[N], job: { id: string }) => Promise<void>;

interface Registration {
  handler: (data: never, job: { id: string }) => Promise<void>;
  defaults: JobOptions;
  cron?: string;
}

export interface JobQueueOptions {
  pool: pg.Pool;
  /** False for processes that only serve requests (jobs then run on the others). */
  work: boolean;
  /**
   * How often the first queue's idle worker looks for jobs (each further queue POLLING_SPREAD_SECONDS
   * less often); new jobs of any process also wake them at once.
   */
  pollingIntervalSeconds?: number;
  /** How often schedules are checked (pg-boss allows 1..45 s). */
  cronMonitorIntervalSeconds?: number;
  onError?: (error: unknown) => void;
}

/** pg-boss's SQL with $n placeholders, as a drizzle statement that runs inside a transaction. */
function asDrizzleSql(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  // pg-boss leaves optional values undefined; drizzle would drop those chunks, pg sends null.
  parts.forEach((part, index) => chunks.push(index % 2 === 0 ? sql.raw(part) : sql`${param(values[Number(part) - 1] ?? null)}`));
  return sql.join(chunks);
}

function executorFor(tx: SqlExecutor): PgBoss.Db {
  return {
    executeSql: async (text, values) => {
      const result = (await tx.execute(asDrizzleSql(text, values))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

export class JobQueue {
  private readonly boss: PgBoss;
  private readonly registrations = new Map<JobName, Registration>();
  private readonly workerIds = new Map<JobName, string>();
  private listener: pg.PoolClient | null = null;
  private started = false;

  constructor(private readonly options: JobQueueOptions) {
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => options.pool.query(text, values) },
      schema: JOBS_SCHEMA,
      supervise: options.work,
      schedule: options.work,
      migrate: true,
      ...(options.cronMonitorIntervalSeconds
        ? { cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds, cronWorkerIntervalSeconds: options.cronMonitorIntervalSeconds }
        : {}),
    });
    this.boss.on('error', (error) => options.onError?.(error));
  }

  /** Declares what a job type does; call before start(). */
  handle<N extends JobName>(name: N, handler: JobHandler<N>, defaults: JobOptions = {}): void {
    this.registrations.set(name, { handler, defaults });
  }

  /** A job type that also runs on a schedule (cron syntax, UTC), once per cluster. */
  schedule<N extends JobName>(name: N, cron: string, handler: JobHandler<N>, defaults: JobOptions = {}): void {
    this.registrations.set(name, { handler, defaults, cron });
  }

  /**
   * Adds a job in the caller's transaction (or on its own when given the database). The job runs
   * once the transaction commits; a rollback takes it back.
   */
  async enqueue<N extends JobName>(tx: SqlExecutor, name: N, data: JobTypes[N], options: JobOptions = {}): Promise<void> {
    const registration = this.registrations.get(name);
    if (!registration) throw new Error(`No handler for job ${name}`);
    // Before start() the job's queue may not exist yet, and pg-boss then drops the job silently.
    if (!this.started) throw new Error(`The job queue has not started: ${name} would be lost`);
    await this.boss.send(name, data as object, { ...registration.defaults, ...options, db: executorFor(tx) });
    await tx.execute(sql`select pg_notify(${WAKE_CHANNEL}, ${name})`);
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.withSetupLock(async () => {
      await this.boss.start();
      for (const [name, registration] of this.registrations) {
        await this.boss.createQueue(name, { name, ...registration.defaults });
        if (registration.cron) await this.boss.schedule(name, registration.cron, {}, { tz: 'UTC' });
      }
    });
    if (!this.options.work) return;
    const polling = this.options.pollingIntervalSeconds ?? DEFAULT_POLLING_SECONDS;
    for (const [index, [name, registration]] of [...this.registrations].entries()) {
      const id = await this.boss.work(name, { pollingIntervalSeconds: polling + index * POLLING_SPREAD_SECONDS }, async (jobs) => {
        for (const job of jobs) await registration.handler(job.data as never, { id: job.id });
        // pg-boss waits a whole polling interval after every batch; when this one had work, more
        // is likely waiting (a chain of events, a burst of mails): look again at once.
        const self = this.workerIds.get(name);
        if (jobs.length > 0 && self) this.boss.notifyWorker(self);
      });
      this.workerIds.set(name, id);
    }
    await this.listen();
  }

  /**
   * Processes starting together take turns creating queues and schedules: pg-boss creates a
   * queue's partition in DDL, and two processes doing it at once deadlock.
   */
  private async withSetupLock(setup: () => Promise<void>): Promise<void> {
    const client = await this.options.pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [JOB_SETUP_LOCK_ID]);
      await setup();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [JOB_SETUP_LOCK_ID]).catch(() => undefined);
      client.release();
    }
  }

  /** Wakes this process's workers when any process commits a job, instead of waiting for the next poll. */
  private async listen(): Promise<void> {
    try {
      const client = await this.options.pool.connect();
      client.on('notification', (message) => {
        const id = this.workerIds.get(message.payload as JobName);
        if (id) this.boss.notifyWorker(id);
      });
      // A lost listening connection only costs latency: polling still finds every job.
      client.on('error', () => this.dropListener());
      await client.query(`listen ${WAKE_CHANNEL}`);
      this.listener = client;
    } catch (error) {
      this.options.onError?.(error);
    }
  }

  private dropListener(): void {
    this.listener?.release(true);
    this.listener = null;
  }

  /** Stops taking jobs and waits (up to the timeout) for running ones to finish. */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    if (this.listener) {
      await this.listener.query(`unlisten ${WAKE_CHANNEL}`).catch(() => undefined);
      this.dropListener();
    }
    await new Promise<void>((resolve) => {
      this.boss.once('stopped', () => resolve());
      void this.boss.stop({ graceful: true, close: false, timeout: timeoutMs, wait: true }).catch(() => resolve());
    });
  }

  /** Jobs of these types not yet done (waiting, retrying or running). Tests wait for zero. */
  async pending(names: JobName[] = [...this.registrations.keys()]): Promise<number> {
    const { rows } = await this.options.pool.query<{ n: number }>(
      `select count(*)::int as n from ${JOBS_SCHEMA}.job where name = any($1) and state < 'completed'`,
      [names],
    );
    return rows[0]?.n ?? 0;
  }

  /** Resolves once no job of these types is pending; rejects after the timeout. */
  async idle(names?: JobName[], timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while ((await this.pending(names)) > 0) {
      if (Date.now() > deadline) throw new Error('jobs still pending');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/** Creates the queue's tables (idempotent); run with the migrations, on their connection, so test templates carry them. */
export async function installJobSchema(connection: pg.Pool | pg.PoolClient): Promise<void> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => connection.query(text, values) },
    schema: JOBS_SCHEMA,
    supervise: false,
    schedule: false,
    migrate: true,
  });
  await boss.start();
  await boss.stop({ graceful: false, close: false, wait: true });
}

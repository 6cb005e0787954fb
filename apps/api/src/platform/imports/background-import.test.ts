import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerImports } from '../../db/schema/customer-imports.ts';
import { AppError } from '../../lib/app-error.ts';
import { createManager } from '../../../test/factories.ts';
import { createTestApp, waitForMail, type TestApp } from '../../../test/test-app.ts';
import type { AppDeps } from '../../deps.ts';
import { backgroundImport, MAX_ATTEMPTS, openUpload } from './background-import.ts';
import { SupersededImport, UnreadableImport } from './import-errors.ts';
import { importRunQueries } from './import-runs.repository.ts';

/**
 * The lifecycle on its own, on the customer import's table with a made-up kind: what the job's
 * outcomes do to the import row, its file and the manager's mail. The features' tests cover the
 * same lifecycle end to end through their routes.
 */
let t: TestApp;
let manager: Awaited<ReturnType<typeof createManager>>;
const runs = importRunQueries(customerImports);
type Row = typeof customerImports.$inferSelect;

beforeAll(async () => {
  t = await createTestApp();
  // The job queue starts with the app; without a request nothing else readies it.
  await t.app.ready();
  manager = await createManager(t.db);
});
afterAll(async () => {
  await t.close();
});

function kindWith(importFile: (deps: AppDeps, row: Row) => Promise<void>) {
  return backgroundImport({
    job: 'customers.import',
    action: 'customers.import',
    runs,
    refusals: {
      running: () => AppError.conflict('running', 'IMPORT_ALREADY_RUNNING'),
      noFile: () => AppError.fields({ file: ['CSV_FILE_REQUIRED'] }),
    },
    words: { position: (row) => `row ${row.checkpointRow}`, kept: 'the rows up to there are kept' },
    importFile,
    // The status is the latest row itself: what the lifecycle hands the feature.
    statusOf: async (_deps, latest) => latest,
    // The made-up kind's recipient is the test's manager, answered without the users feature.
    recipient: async (_db, userId) => (userId === manager.id ? { email: manager.email, language: 'en' as const } : null),
    mail: (_language, ended, link) => ({
      subject: `Lifecycle test ${ended.fileName}: ${ended.state}`,
      text: `${ended.error ?? 'ok'} ${link}`,
      html: '<p>test</p>',
    }),
    logPath: '/manager/import/test',
    audit: { action: 'testImport.finished', objectKind: 'testImport', counts: (row) => ({ success: row.successRows }) },
  });
}

/** A running import with a stored file, as an upload leaves it (without queueing the real job). */
async function runningImport(fileName: string) {
  const stored = await t.app.deps.storage.put('customer-imports', Readable.from([Buffer.from('header\n')]), 1024);
  const row = await runs.insertImport(t.db, { userId: manager.id, fileName, fileKey: stored.key });
  return { row, key: stored.key };
}

async function rowOf(id: number) {
  const [row] = await t.db.select().from(customerImports).where(eq(customerImports.id, id));
  return row!;
}

async function removeRow(id: number) {
  await t.db.delete(customerImports).where(eq(customerImports.id, id));
}

describe('the background import lifecycle', () => {
  it('ends a finished import as done, removes its file and mails the manager a link to the log', async () => {
    const { row, key } = await runningImport('done.csv');
    let read = '';
    await kindWith(async (deps, current) => {
      for await (const chunk of await openUpload(deps, current)) read += chunk.toString();
    }).run(t.app.deps, row.id);
    expect(read).toBe('header\n');
    expect(await rowOf(row.id)).toMatchObject({ state: 'done', error: null, fileKey: null, attempts: 1 });
    expect(await t.app.deps.storage.open(key)).toBeNull();
    const mail = await waitForMail(t, (m) => m.subject === 'Lifecycle test done.csv: done');
    expect(mail.text).toContain('/manager/import/test');
  });

  it('ends an unreadable file at once as failed, with the reason, and no retry', async () => {
    const { row, key } = await runningImport('unreadable.csv');
    await kindWith(async () => {
      throw new UnreadableImport('The header row lacks the column(s) x');
    }).run(t.app.deps, row.id);
    expect(await rowOf(row.id)).toMatchObject({ state: 'failed', error: 'The header row lacks the column(s) x', fileKey: null });
    expect(await t.app.deps.storage.open(key)).toBeNull();
  });

  it('lets a passing failure through for the queue to retry, and ends the import on the last attempt with how far it got', async () => {
    const { row } = await runningImport('flaky.csv');
    const flaky = kindWith(async () => {
      throw new Error('connection reset');
    });
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt += 1) {
      await expect(flaky.run(t.app.deps, row.id)).rejects.toThrow('connection reset');
      expect((await rowOf(row.id)).state).toBe('running');
    }
    await flaky.run(t.app.deps, row.id);
    expect(await rowOf(row.id)).toMatchObject({
      state: 'failed',
      error: 'The import stopped after row 0: connection reset',
      attempts: MAX_ATTEMPTS,
    });
  });

  it('leaves an import another worker took over to that worker', async () => {
    const { row, key } = await runningImport('superseded.csv');
    await kindWith(async () => {
      throw new SupersededImport();
    }).run(t.app.deps, row.id);
    expect(await rowOf(row.id)).toMatchObject({ state: 'running', fileKey: key });
    await removeRow(row.id);
    await t.app.deps.storage.remove(key);
  });

  it('ends, when asked for the status, a running import whose worker is gone', async () => {
    const { row } = await runningImport('stale.csv');
    await t.db
      .update(customerImports)
      .set({ checkpointRow: 1200, heartbeatAt: sql`now() - interval '1 hour'` })
      .where(eq(customerImports.id, row.id));
    const latest = await kindWith(async () => undefined).status(t.app.deps, manager);
    expect(latest).toMatchObject({
      id: row.id,
      state: 'failed',
      error: 'The import stopped unexpectedly after row 1200; the rows up to there are kept',
    });
  });

  it('refuses a second import while one runs, before reading the form', async () => {
    const { row, key } = await runningImport('running.csv');
    let formRead = false;
    const readForm = async () => {
      formRead = true;
      return { file: null };
    };
    await expect(kindWith(async () => undefined).upload(t.app.deps, manager, readForm)).rejects.toMatchObject({
      statusCode: 409,
      code: 'IMPORT_ALREADY_RUNNING',
    });
    expect(formRead).toBe(false);
    await removeRow(row.id);
    await t.app.deps.storage.remove(key);
  });
});

import { FAILURES_SHOWN, type DataImportLog, type ImportStatus } from '@casebridge/shared/schemas/customer-imports';
import type { CustomerInfo } from '@casebridge/shared/schemas/dealers';
import type { AppDeps } from '../../deps.ts';
import { authorize } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import { AppError } from '../../lib/app-error.ts';
import { csvRecords, decodeChunks, detectEncoding, type CsvRecord } from '../../lib/csv.ts';
import { unlessDuplicate } from '../../lib/db-errors.ts';
import type { UploadedFile } from '../../lib/multipart-form.ts';
import { queueRemovals, removeQueued } from '../../platform/storage/removals.ts';
import { languageOf, userById } from '../users/users.service.ts';
import { renderImportResultMail } from './customer-imports.mails.ts';
import { HeaderError, mapHeader, parseRow, type HeaderMap } from './customer-imports.rules.ts';
import {
  advanceCheckpoint,
  dealerIdsByCode,
  endImport,
  importFailures,
  insertCustomers,
  insertFailures,
  insertImport,
  latestImport,
  lockImport,
  runningImport,
  staleImports,
  startAttempt,
  type ImportRow,
} from './customer-imports.repository.ts';

/**
 * The customer CSV import (spec manager-dealer §2, §3 Import status/log, §4 import). The upload
 * stores the file, records the running import and queues its job in one transaction; the job reads
 * the file from storage as a stream and commits batches of rows, each with its checkpoint, so a
 * crash loses nothing and a retry repeats nothing. One import runs at a time (a unique index).
 */
const ALREADY_RUNNING = 'A customer import is already running. Please wait until it has finished.';
export const BATCH_ROWS = 1_000;
/** Job runs before an import that keeps failing ends as failed (jobs.ts retries one fewer). */
export const MAX_ATTEMPTS = 4;
/** A running import without a committed batch for this long has no live worker (the job's expiry is 10 minutes). */
const STALE_SECONDS = 15 * 60;

const alreadyRunning = () => AppError.conflict(ALREADY_RUNNING, 'IMPORT_ALREADY_RUNNING');

export async function uploadCustomerCsv(deps: AppDeps, user: SessionUser, readForm: () => Promise<{ file: UploadedFile | null }>): Promise<ImportStatus> {
  await authorize(deps.db, user, 'customers.import', {});
  await endStaleImports(deps);
  // Refused before the file is stored; the unique index below still decides a race.
  if (await runningImport(deps.db)) throw alreadyRunning();
  const { file } = await readForm();
  if (!file) throw AppError.fields({ file: ['CSV_FILE_REQUIRED'] }, 'Please choose a .csv file');
  try {
    await unlessDuplicate(
      () =>
        deps.db.transaction(async (tx) => {
          const row = await insertImport(tx, { userId: user.id, fileName: file.name, fileKey: file.key });
          await deps.jobs.enqueue(tx, 'customers.import', { importId: row.id });
        }),
      alreadyRunning,
    );
  } catch (error) {
    await deps.storage.remove(file.key);
    throw error;
  }
  return statusOf(deps);
}

export async function importStatus(deps: AppDeps, user: SessionUser): Promise<ImportStatus> {
  await authorize(deps.db, user, 'customers.import', {});
  await endStaleImports(deps);
  return statusOf(deps);
}

async function statusOf(deps: AppDeps): Promise<ImportStatus> {
  const latest = await latestImport(deps.db);
  if (!latest) return { status: 'idle', dataImportLog: null };
  return { status: latest.state === 'running' ? 'running' : 'idle', dataImportLog: await logOf(deps, latest) };
}

async function logOf(deps: AppDeps, row: ImportRow): Promise<DataImportLog> {
  return {
    id: row.id,
    fileName: row.fileName,
    state: row.state,
    startTime: row.startedAt.toISOString(),
    endTime: row.endedAt?.toISOString() ?? null,
    importSummary: {
      total: row.successRows + row.duplicateRows + row.failedRows,
      success: row.successRows,
      duplicates: row.duplicateRows,
      errors: row.failedRows,
      error: row.error,
    },
    failures: await importFailures(deps.db, row.id, FAILURES_SHOWN),
  };
}

/** A running import nobody works on any more ends honestly: failed, with how far it got. */
async function endStaleImports(deps: AppDeps): Promise<void> {
  for (const row of await staleImports(deps.db, STALE_SECONDS)) {
    await finish(deps, row.id, 'failed', `The import stopped unexpectedly after row ${row.checkpointRow}; the rows up to there are imported`);
  }
}

/** Ends the import, queues its file's removal and the manager's mail, all in one transaction. */
async function finish(deps: AppDeps, id: number, state: 'done' | 'failed', error: string | null): Promise<void> {
  let fileKey: string | null = null;
  await deps.db.transaction(async (tx) => {
    // Locked first: the file key is read before the end clears it, and two enders take turns.
    const before = await lockImport(tx, id);
    if (before?.state !== 'running') return;
    const ended = (await endImport(tx, id, state, error))!;
    fileKey = before.fileKey;
    if (fileKey) await queueRemovals(tx, [fileKey]);
    const manager = ended.userId === null ? null : await userById(tx, ended.userId);
    if (!manager) return;
    const mail = renderImportResultMail(languageOf(manager), {
      fileName: ended.fileName,
      total: ended.successRows + ended.duplicateRows + ended.failedRows,
      success: ended.successRows,
      duplicates: ended.duplicateRows,
      failed: ended.failedRows,
      error: ended.error,
      link: `${deps.config.publicUrl}/manager/import/customers`,
    });
    await deps.jobs.enqueue(tx, 'mail.send', { to: manager.email, ...mail });
  });
  if (fileKey) await removeQueued(deps.db, deps.storage, [fileKey]);
}

/** Another worker took the import over (it moved the checkpoint first): this one stops quietly. */
class Superseded extends Error {}
/** The file itself cannot be imported (no header, missing columns, gone from storage): no retry helps. */
class Unreadable extends Error {}

/** The job: imports the rows after the checkpoint, then ends the import and mails the manager. */
export async function runCustomerImport(deps: AppDeps, importId: number): Promise<void> {
  const row = await startAttempt(deps.db, importId);
  if (!row) return;
  if (row.attempts > MAX_ATTEMPTS) return finish(deps, row.id, 'failed', `The import failed ${MAX_ATTEMPTS} times and stopped after row ${row.checkpointRow}`);
  try {
    await importRows(deps, row);
    await finish(deps, row.id, 'done', null);
  } catch (error) {
    if (error instanceof Superseded) return;
    if (error instanceof Unreadable || error instanceof HeaderError) return finish(deps, row.id, 'failed', error.message);
    if (row.attempts >= MAX_ATTEMPTS) return finish(deps, row.id, 'failed', `The import stopped after row ${row.checkpointRow}: ${(error as Error).message}`);
    throw error;
  }
}

async function openFile(deps: AppDeps, key: string | null) {
  const opened = key ? await deps.storage.open(key) : null;
  if (!opened) throw new Unreadable('The uploaded file is no longer in storage');
  return opened.stream;
}

/** Reads the file twice as a stream: once to tell its encoding, once for the rows. */
async function importRows(deps: AppDeps, row: ImportRow): Promise<void> {
  const encoding = await detectEncoding(await openFile(deps, row.fileKey));
  const records = csvRecords(decodeChunks(await openFile(deps, row.fileKey), encoding));
  const batch = new ImportBatch(deps, row.id, row.checkpointRow);
  let header: HeaderMap | null = null;
  for await (const record of records) {
    if (header === null) {
      header = mapHeader(record.fields);
      continue;
    }
    // Rows up to the checkpoint were committed by an earlier run.
    if (record.row <= row.checkpointRow) continue;
    batch.add(record);
    if (batch.size >= BATCH_ROWS) await batch.commit(header);
  }
  if (header === null) throw new Unreadable('The file is empty: it needs a header row and customer rows');
  await batch.commit(header);
}

/** Up to BATCH_ROWS records, committed together with the checkpoint after the last of them. */
class ImportBatch {
  private records: CsvRecord[] = [];
  private readonly dealers = new Map<string, number | null>();

  constructor(
    private readonly deps: AppDeps,
    private readonly importId: number,
    private checkpoint: number,
  ) {}

  get size(): number {
    return this.records.length;
  }

  add(record: CsvRecord): void {
    this.records.push(record);
  }

  async commit(header: HeaderMap): Promise<void> {
    if (this.records.length === 0) return;
    const parsed = this.records.map((record) => ({ record, result: record.unterminated ? { ok: false as const, reason: 'A quoted field is not closed before the end of the file' } : parseRow(header, record.fields) }));
    await this.resolveDealers(parsed.flatMap(({ result }) => (result.ok ? [result.dealerCode.toLowerCase()] : [])));
    const valid: { dealerId: number; info: CustomerInfo }[] = [];
    const failures: { row: number; reason: string }[] = [];
    for (const { record, result } of parsed) {
      if (!result.ok) failures.push({ row: record.row, reason: result.reason });
      else {
        const dealerId = this.dealers.get(result.dealerCode.toLowerCase());
        if (dealerId) valid.push({ dealerId, info: result.info });
        else failures.push({ row: record.row, reason: `dealerId: no reseller with the id ${result.dealerCode}` });
      }
    }
    const lastRow = this.records[this.records.length - 1]!.row;
    await this.deps.db.transaction(async (tx) => {
      const success = await insertCustomers(tx, valid);
      await insertFailures(tx, this.importId, failures);
      const counts = { success, duplicates: valid.length - success, failed: failures.length };
      if (!(await advanceCheckpoint(tx, this.importId, this.checkpoint, lastRow, counts))) throw new Superseded();
    });
    this.checkpoint = lastRow;
    this.records = [];
  }

  private async resolveDealers(codes: string[]): Promise<void> {
    // The cache stays small even for a file full of made-up dealer ids.
    if (this.dealers.size > 10_000) this.dealers.clear();
    const unknown = [...new Set(codes)].filter((code) => !this.dealers.has(code));
    const found = await dealerIdsByCode(this.deps.db, unknown);
    for (const code of unknown) this.dealers.set(code, found.get(code) ?? null);
  }
}

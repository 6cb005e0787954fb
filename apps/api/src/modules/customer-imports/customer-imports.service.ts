import { FAILURES_SHOWN, type DataImportLog, type ImportStatus } from '@casebridge/shared/schemas/customer-imports';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { csvFileRecords } from '../../lib/csv.ts';
import { backgroundImport, openUpload } from '../../platform/imports/background-import.ts';
import { SupersededImport, UnreadableImport } from '../../platform/imports/import-errors.ts';
import { renderImportResultMail } from './customer-imports.mails.ts';
import { mapHeader, parseRow, type HeaderMap, type ParsedRow } from './customer-imports.rules.ts';
import { advanceCheckpoint, BatchText, importBatch, importFailures, importRuns, type ImportRow } from './customer-imports.repository.ts';
import { mailRecipient } from '../users/users.queries.ts';

export { MAX_ATTEMPTS } from '../../platform/imports/background-import.ts';

/**
 * The customer CSV import (spec manager-dealer §2, §3 Import status/log, §4 import), on the import
 * lifecycle of platform/imports: the job streams the file in batches of rows, each committed with
 * its checkpoint. One import runs at a time.
 */
const ALREADY_RUNNING = 'A customer import is already running. Please wait until it has finished.';
export const BATCH_ROWS = 1_000;

const customerImport = backgroundImport({
  job: 'customers.import',
  action: 'customers.import',
  runs: importRuns,
  refusals: {
    running: () => AppError.conflict(ALREADY_RUNNING, 'IMPORT_ALREADY_RUNNING'),
    noFile: () => AppError.fields({ file: ['CSV_FILE_REQUIRED'] }, 'Please choose a .csv file'),
  },
  words: { position: (row) => `row ${row.checkpointRow}`, kept: 'the rows up to there are imported' },
  importFile: importRows,
  statusOf: async (deps, latest): Promise<ImportStatus> => ({
    status: latest?.state === 'running' ? 'running' : 'idle',
    dataImportLog: latest && (await logOf(deps, latest)),
  }),
  mail: (language, { fileName, error, successRows: success, duplicateRows: duplicates, failedRows: failed }, link) =>
    renderImportResultMail(language, { fileName, error, link, success, duplicates, failed, total: success + duplicates + failed }),
  recipient: mailRecipient,
  logPath: '/manager/import/customers',
  audit: {
    action: 'customerImport.finished',
    objectKind: 'customerImport',
    counts: (row) => ({ success: row.successRows, duplicates: row.duplicateRows, failed: row.failedRows }),
  },
});

/** `POST /customers/import`: the manager's file, imported by the job `customers.import`. */
export const uploadCustomerCsv = customerImport.upload;
export const importStatus = customerImport.status;
export const runCustomerImport = customerImport.run;

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

/** The job's work: the file's rows after the checkpoint, in batches. */
async function importRows(deps: AppDeps, row: ImportRow): Promise<void> {
  const batch = new ImportBatch(deps, row.id, row.checkpointRow);
  let header: HeaderMap | null = null;
  for await (const record of csvFileRecords(() => openUpload(deps, row))) {
    if (header === null) {
      header = mapHeader(record.fields);
      continue;
    }
    // Rows up to the checkpoint were committed by an earlier run.
    if (record.row <= row.checkpointRow) continue;
    batch.add(
      record.row,
      record.unterminated
        ? { ok: false, reason: 'A quoted field is not closed before the end of the file' }
        : parseRow(header, record.fields),
    );
    if (batch.size >= BATCH_ROWS) await batch.commit();
  }
  if (header === null) throw new UnreadableImport('The file is empty: it needs a header row and customer rows');
  await batch.commit();
}

/**
 * Up to BATCH_ROWS rows, committed together with the checkpoint after the last of them. Each row
 * goes into the batch's text as soon as it is parsed (BatchText in the repository says why), and
 * the statement that imports the text also finds the dealers and records the failures.
 */
class ImportBatch {
  private readonly text = new BatchText();
  private lastRow = 0;

  constructor(
    private readonly deps: AppDeps,
    private readonly importId: number,
    private checkpoint: number,
  ) {}

  get size(): number {
    return this.text.rows;
  }

  add(row: number, result: ParsedRow): void {
    if (result.ok) this.text.addCustomer(row, result.dealerCode, result.info);
    else this.text.addFailure(row, result.reason);
    this.lastRow = row;
  }

  async commit(): Promise<void> {
    if (this.size === 0) return;
    await this.deps.db.transaction(async (tx) => {
      const counts = await importBatch(tx, this.importId, this.text);
      if (!(await advanceCheckpoint(tx, this.importId, this.checkpoint, this.lastRow, counts))) throw new SupersededImport();
    });
    this.checkpoint = this.lastRow;
    this.text.clear();
  }
}

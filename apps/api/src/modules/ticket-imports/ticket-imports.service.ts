import {
  TICKET_FAILURES_SHOWN,
  type TicketImportFailure,
  type TicketImportFormat,
  type TicketImportLog,
  type TicketImportStatus,
} from '@casebridge/shared/schemas/ticket-imports';
import { authorize } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { csvRecords, decodeChunks, detectEncoding } from '../../lib/csv.ts';
import { unlessDuplicate } from '../../lib/db-errors.ts';
import type { UploadedFile } from '../../lib/multipart-form.ts';
import { queueRemovals, removeQueued } from '../../platform/storage/removals.ts';
import { applyTicketBatch, dealerIdsForTicketCodes, type PushedTicketRow } from '../licence-tickets/licence-tickets.service.ts';
import { languageOf, userById } from '../users/users.service.ts';
import { renderTicketImportMail } from './ticket-imports.mails.ts';
import {
  advanceCheckpoint,
  endImport,
  importFailures,
  insertFailures,
  insertImport,
  latestImport,
  lockImport,
  runningImport,
  staleImports,
  startAttempt,
  type TicketImportRow,
} from './ticket-imports.repository.ts';
import { checkCsvRow, checkJsonElement, ExportShapeError, jsonElements, mapHeader, type CheckedTicket, type HeaderMap } from './ticket-imports.rules.ts';

/**
 * The import of the licence server's ticket export (issue 14 "Where tickets come from"), built like
 * the customer import: the upload stores the file, records the running import and queues its job in
 * one transaction; the job streams the file from storage and applies tickets in batches through the
 * push's own upsert (licence-tickets service), each batch committed with its checkpoint and its
 * failed rows, so a crash loses nothing and a retry repeats nothing. One import runs at a time.
 */
const ALREADY_RUNNING = 'A ticket import is already running. Please wait until it has finished.';
/** Tickets carry their licence content (a few KB each): 500 keep a batch's statement modest. */
export const BATCH_TICKETS = 500;
export const MAX_ATTEMPTS = 4;
/** A running import without a committed batch for this long has no live worker (the job's expiry is 10 minutes). */
const STALE_SECONDS = 15 * 60;

const alreadyRunning = () => AppError.conflict(ALREADY_RUNNING, 'TICKET_IMPORT_ALREADY_RUNNING');

export function formatOf(fileName: string): TicketImportFormat {
  return /\.json$/i.test(fileName) ? 'json' : 'csv';
}

export async function uploadTicketExport(deps: AppDeps, user: SessionUser, readForm: () => Promise<{ file: UploadedFile | null }>): Promise<TicketImportStatus> {
  await authorize(deps.db, user, 'tickets.import', {});
  await endStaleImports(deps);
  // Refused before the file is stored; the unique index still decides a race.
  if (await runningImport(deps.db)) throw alreadyRunning();
  const { file } = await readForm();
  if (!file) throw AppError.fields({ file: ['TICKET_FILE_REQUIRED'] }, 'Please choose a .csv or .json file');
  try {
    await unlessDuplicate(
      () =>
        deps.db.transaction(async (tx) => {
          const row = await insertImport(tx, { userId: user.id, fileName: file.name, fileKey: file.key, format: formatOf(file.name) });
          await deps.jobs.enqueue(tx, 'tickets.import', { importId: row.id });
        }),
      alreadyRunning,
    );
  } catch (error) {
    await deps.storage.remove(file.key);
    throw error;
  }
  return statusOf(deps);
}

export async function ticketImportStatus(deps: AppDeps, user: SessionUser): Promise<TicketImportStatus> {
  await authorize(deps.db, user, 'tickets.import', {});
  await endStaleImports(deps);
  return statusOf(deps);
}

async function statusOf(deps: AppDeps): Promise<TicketImportStatus> {
  const latest = await latestImport(deps.db);
  if (!latest) return { status: 'idle', log: null };
  return { status: latest.state === 'running' ? 'running' : 'idle', log: await logOf(deps, latest) };
}

async function logOf(deps: AppDeps, row: TicketImportRow): Promise<TicketImportLog> {
  return {
    id: row.id,
    fileName: row.fileName,
    format: row.format,
    state: row.state,
    startTime: row.startedAt.toISOString(),
    endTime: row.endedAt?.toISOString() ?? null,
    summary: {
      total: row.createdTickets + row.updatedTickets + row.failedTickets,
      created: row.createdTickets,
      updated: row.updatedTickets,
      failed: row.failedTickets,
      error: row.error,
    },
    failures: await importFailures(deps.db, row.id, TICKET_FAILURES_SHOWN),
  };
}

async function endStaleImports(deps: AppDeps): Promise<void> {
  for (const row of await staleImports(deps.db, STALE_SECONDS)) {
    await finish(deps, row.id, 'failed', `The import stopped unexpectedly after ticket ${row.checkpointItem}; the tickets up to there are applied`);
  }
}

/** Ends the import, queues its file's removal and the manager's mail, all in one transaction. */
async function finish(deps: AppDeps, id: number, state: 'done' | 'failed', error: string | null): Promise<void> {
  let fileKey: string | null = null;
  await deps.db.transaction(async (tx) => {
    const before = await lockImport(tx, id);
    if (before?.state !== 'running') return;
    const ended = (await endImport(tx, id, state, error))!;
    fileKey = before.fileKey;
    if (fileKey) await queueRemovals(tx, [fileKey]);
    const manager = ended.userId === null ? null : await userById(tx, ended.userId);
    if (!manager) return;
    const mail = renderTicketImportMail(languageOf(manager), {
      fileName: ended.fileName,
      total: ended.createdTickets + ended.updatedTickets + ended.failedTickets,
      created: ended.createdTickets,
      updated: ended.updatedTickets,
      failed: ended.failedTickets,
      error: ended.error,
      link: `${deps.config.publicUrl}/manager/import/tickets`,
    });
    await deps.jobs.enqueue(tx, 'mail.send', { to: manager.email, ...mail });
  });
  if (fileKey) await removeQueued(deps.db, deps.storage, [fileKey]);
}

/** Another worker took the import over (it moved the checkpoint first): this one stops quietly. */
class Superseded extends Error {}

/** The job: applies the tickets after the checkpoint, then ends the import and mails the manager. */
export async function runTicketImport(deps: AppDeps, importId: number): Promise<void> {
  const row = await startAttempt(deps.db, importId);
  if (!row) return;
  if (row.attempts > MAX_ATTEMPTS) return finish(deps, row.id, 'failed', `The import failed ${MAX_ATTEMPTS} times and stopped after ticket ${row.checkpointItem}`);
  try {
    await applyFile(deps, row);
    await finish(deps, row.id, 'done', null);
  } catch (error) {
    if (error instanceof Superseded) return;
    if (error instanceof ExportShapeError) return finish(deps, row.id, 'failed', error.message);
    if (row.attempts >= MAX_ATTEMPTS) return finish(deps, row.id, 'failed', `The import stopped after ticket ${row.checkpointItem}: ${(error as Error).message}`);
    throw error;
  }
}

async function openFile(deps: AppDeps, key: string | null) {
  const opened = key ? await deps.storage.open(key) : null;
  if (!opened) throw new ExportShapeError('The uploaded file is no longer in storage');
  return opened.stream;
}

/** One ticket of the file, checked: `item` orders and checkpoints, `line` is for people. */
interface Entry {
  item: number;
  line: number;
  checked: CheckedTicket;
}

/** Both formats as one stream of checked tickets; the file is read as a stream, never whole. */
async function* entriesOf(deps: AppDeps, row: TicketImportRow): AsyncGenerator<Entry> {
  if (row.format === 'json') {
    // JSON is UTF-8 (RFC 8259); a byte order mark is dropped by the decoder.
    for await (const element of jsonElements(decodeChunks(await openFile(deps, row.fileKey), 'utf-8'))) {
      // Rows up to the checkpoint were committed by an earlier run: not even parsed again.
      if (element.item <= row.checkpointItem) continue;
      yield { item: element.item, line: element.line, checked: checkJsonElement(element) };
    }
    return;
  }
  const encoding = await detectEncoding(await openFile(deps, row.fileKey));
  let header: HeaderMap | null = null;
  for await (const record of csvRecords(decodeChunks(await openFile(deps, row.fileKey), encoding))) {
    if (header === null) {
      header = mapHeader(record.fields);
      continue;
    }
    // The header is row 1, so ticket n is on row n + 1 (blank rows keep their number).
    const item = record.row - 1;
    if (item <= row.checkpointItem) continue;
    const checked: CheckedTicket = record.unterminated
      ? { ok: false, key: '', reason: 'A quoted field is not closed before the end of the file' }
      : checkCsvRow(header, record.fields);
    yield { item, line: record.row, checked };
  }
  if (header === null) throw new ExportShapeError('The file is empty: it needs a header row and ticket rows');
}

async function applyFile(deps: AppDeps, row: TicketImportRow): Promise<void> {
  const batch = new TicketBatch(deps, row.id, row.checkpointItem);
  try {
    for await (const entry of entriesOf(deps, row)) {
      // A key twice in one statement cannot be upserted: the earlier one is applied first, so the
      // later row refreshes it, exactly as two pushes in a row would.
      if (entry.checked.ok && batch.hasKey(entry.checked.ticket.key)) await batch.commit();
      batch.add(entry);
      if (batch.size >= BATCH_TICKETS) await batch.commit();
    }
  } catch (error) {
    // A JSON export cut short still has whole tickets before the break: they are applied.
    if (error instanceof ExportShapeError) await batch.commit();
    throw error;
  }
  await batch.commit();
}

/** Up to BATCH_TICKETS tickets, committed together with the checkpoint after the last of them. */
class TicketBatch {
  private entries: Entry[] = [];
  private readonly keys = new Set<string>();

  constructor(
    private readonly deps: AppDeps,
    private readonly importId: number,
    private checkpoint: number,
  ) {}

  get size(): number {
    return this.entries.length;
  }

  hasKey(key: string): boolean {
    return this.keys.has(key);
  }

  add(entry: Entry): void {
    this.entries.push(entry);
    if (entry.checked.ok) this.keys.add(entry.checked.ticket.key);
  }

  async commit(): Promise<void> {
    if (this.entries.length === 0) return;
    const codes = this.entries.flatMap(({ checked }) => (checked.ok ? [checked.ticket.dealerCode] : []));
    const dealerIds = await dealerIdsForTicketCodes(this.deps.db, codes);
    const rows: PushedTicketRow[] = [];
    const failures: TicketImportFailure[] = [];
    for (const { item, line, checked } of this.entries) {
      if (!checked.ok) {
        failures.push({ item, line, key: checked.key, reason: checked.reason });
        continue;
      }
      const dealerId = dealerIds.get(checked.ticket.dealerCode.toLowerCase());
      if (dealerId === undefined) failures.push({ item, line, key: checked.ticket.key, reason: `dealerId: no dealer with the id ${checked.ticket.dealerCode}` });
      else rows.push({ key: checked.ticket.key, dealerId, content: checked.ticket.content });
    }
    const last = this.entries[this.entries.length - 1]!.item;
    await this.deps.db.transaction(async (tx) => {
      const { created, updated } = await applyTicketBatch(tx, rows);
      await insertFailures(tx, this.importId, failures);
      if (!(await advanceCheckpoint(tx, this.importId, this.checkpoint, last, { created, updated, failed: failures.length }))) throw new Superseded();
    });
    this.checkpoint = last;
    this.entries = [];
    this.keys.clear();
  }
}

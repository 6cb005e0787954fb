import {
  TICKET_FAILURES_SHOWN,
  type TicketImportFailure,
  type TicketImportFormat,
  type TicketImportLog,
  type TicketImportStatus,
} from '@casebridge/shared/schemas/ticket-imports';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { csvFileRecords, decodeChunks } from '../../lib/csv.ts';
import { backgroundImport, openUpload } from '../../platform/imports/background-import.ts';
import { SupersededImport } from '../../platform/imports/import-errors.ts';
import { applyTicketBatch, dealerIdsForTicketCodes, type PushedTicketRow } from '../licence-tickets/licence-tickets.service.ts';
import { renderTicketImportMail } from './ticket-imports.mails.ts';
import { advanceCheckpoint, importFailures, importRuns, insertFailures, type TicketImportRow } from './ticket-imports.repository.ts';
import {
  checkCsvRow,
  checkJsonElement,
  ExportShapeError,
  jsonElements,
  mapHeader,
  type CheckedTicket,
  type HeaderMap,
} from './ticket-imports.rules.ts';
import { mailRecipient } from '../users/users.queries.ts';

export { MAX_ATTEMPTS } from '../../platform/imports/background-import.ts';

/**
 * The import of the licence server's ticket export (issue 14 "Where tickets come from"), on the
 * import lifecycle of platform/imports, like the customer import: the job streams the file and
 * applies tickets in batches through the push's own upsert (licence-tickets service), each batch
 * committed with its checkpoint and its failed rows. One import runs at a time.
 */
const ALREADY_RUNNING = 'A ticket import is already running. Please wait until it has finished.';
/** Tickets carry their licence content (a few KB each): 500 keep a batch's statement modest. */
export const BATCH_TICKETS = 500;

function formatOf(fileName: string): TicketImportFormat {
  return /\.json$/i.test(fileName) ? 'json' : 'csv';
}

const ticketImport = backgroundImport({
  job: 'tickets.import',
  action: 'tickets.import',
  runs: importRuns,
  refusals: {
    running: () => AppError.conflict(ALREADY_RUNNING, 'TICKET_IMPORT_ALREADY_RUNNING'),
    noFile: () => AppError.fields({ file: ['TICKET_FILE_REQUIRED'] }, 'Please choose a .csv or .json file'),
  },
  moreValues: (file) => ({ format: formatOf(file.name) }),
  words: { position: (row) => `ticket ${row.checkpointItem}`, kept: 'the tickets up to there are applied' },
  importFile: applyFile,
  statusOf: async (deps, latest): Promise<TicketImportStatus> => ({
    status: latest?.state === 'running' ? 'running' : 'idle',
    log: latest && (await logOf(deps, latest)),
  }),
  mail: (language, row, link) => {
    const counts = { created: row.createdTickets, updated: row.updatedTickets, failed: row.failedTickets };
    return renderTicketImportMail(language, {
      fileName: row.fileName,
      error: row.error,
      link,
      ...counts,
      total: counts.created + counts.updated + counts.failed,
    });
  },
  recipient: mailRecipient,
  logPath: '/manager/import/tickets',
  audit: {
    action: 'ticketImport.finished',
    objectKind: 'ticketImport',
    counts: (row) => ({ created: row.createdTickets, updated: row.updatedTickets, failed: row.failedTickets }),
  },
});

/** `POST /ticket-imports`: the licence server's export, applied by the job `tickets.import`. */
export const uploadTicketExport = ticketImport.upload;
export const ticketImportStatus = ticketImport.status;
export const runTicketImport = ticketImport.run;

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
    for await (const element of jsonElements(decodeChunks(await openUpload(deps, row), 'utf-8'))) {
      // Rows up to the checkpoint were committed by an earlier run: not even parsed again.
      if (element.item <= row.checkpointItem) continue;
      yield { item: element.item, line: element.line, checked: checkJsonElement(element) };
    }
    return;
  }
  let header: HeaderMap | null = null;
  for await (const record of csvFileRecords(() => openUpload(deps, row))) {
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
      if (dealerId === undefined)
        failures.push({ item, line, key: checked.ticket.key, reason: `dealerId: no dealer with the id ${checked.ticket.dealerCode}` });
      else rows.push({ key: checked.ticket.key, dealerId, content: checked.ticket.content });
    }
    const last = this.entries[this.entries.length - 1]!.item;
    await this.deps.db.transaction(async (tx) => {
      const { created, updated } = await applyTicketBatch(tx, rows);
      await insertFailures(tx, this.importId, failures);
      if (!(await advanceCheckpoint(tx, this.importId, this.checkpoint, last, { created, updated, failed: failures.length })))
        throw new SupersededImport();
    });
    this.checkpoint = last;
    this.entries = [];
    this.keys.clear();
  }
}

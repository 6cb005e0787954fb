import { and, asc, eq, sql } from 'drizzle-orm';
import type { TicketImportFailure } from '@casebridge/shared/schemas/ticket-imports';
import type { Db } from '../../db/client.ts';
import { ticketImportFailures, ticketImports } from '../../db/schema/ticket-imports.ts';
import { importRunQueries } from '../../platform/imports/import-runs.repository.ts';

export type TicketImportRow = typeof ticketImports.$inferSelect;

/** The queries of the import lifecycle (platform/imports), on this feature's table. */
export const importRuns = importRunQueries(ticketImports);
export const { insertImport } = importRuns;

export async function importFailures(db: Db, importId: number, limit: number): Promise<TicketImportFailure[]> {
  return db
    .select({
      item: ticketImportFailures.item,
      line: ticketImportFailures.line,
      key: ticketImportFailures.ticketKey,
      reason: ticketImportFailures.reason,
    })
    .from(ticketImportFailures)
    .where(eq(ticketImportFailures.importId, importId))
    .orderBy(asc(ticketImportFailures.item))
    .limit(limit);
}

export async function insertFailures(db: Db, importId: number, failures: TicketImportFailure[]): Promise<void> {
  if (failures.length === 0) return;
  await db
    .insert(ticketImportFailures)
    .values(failures.map((f) => ({ importId, item: f.item, line: f.line, ticketKey: f.key, reason: f.reason })));
}

/**
 * Moves the checkpoint from `fromItem` to `toItem` with the batch's counts. False when the import
 * is no longer running or another worker moved the checkpoint first: the caller rolls back.
 */
export async function advanceCheckpoint(
  db: Db,
  id: number,
  fromItem: number,
  toItem: number,
  counts: { created: number; updated: number; failed: number },
): Promise<boolean> {
  const updated = await db
    .update(ticketImports)
    .set({
      checkpointItem: toItem,
      createdTickets: sql`${ticketImports.createdTickets} + ${counts.created}`,
      updatedTickets: sql`${ticketImports.updatedTickets} + ${counts.updated}`,
      failedTickets: sql`${ticketImports.failedTickets} + ${counts.failed}`,
      heartbeatAt: sql`now()`,
    })
    .where(and(eq(ticketImports.id, id), eq(ticketImports.state, 'running'), eq(ticketImports.checkpointItem, fromItem)))
    .returning({ id: ticketImports.id });
  return updated.length === 1;
}

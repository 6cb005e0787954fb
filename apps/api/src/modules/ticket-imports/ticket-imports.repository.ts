import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { TicketImportFailure, TicketImportFormat } from '@casebridge/shared/schemas/ticket-imports';
import type { Db } from '../../db/client.ts';
import { ticketImportFailures, ticketImports, type TicketImportState } from '../../db/schema/ticket-imports.ts';

export type TicketImportRow = typeof ticketImports.$inferSelect;

export async function insertImport(db: Db, values: { userId: number; fileName: string; fileKey: string; format: TicketImportFormat }): Promise<TicketImportRow> {
  const [row] = await db.insert(ticketImports).values(values).returning();
  return row!;
}

export async function runningImport(db: Db): Promise<TicketImportRow | null> {
  const [row] = await db.select().from(ticketImports).where(eq(ticketImports.state, 'running')).limit(1);
  return row ?? null;
}

export async function latestImport(db: Db): Promise<TicketImportRow | null> {
  const [row] = await db.select().from(ticketImports).orderBy(desc(ticketImports.startedAt), desc(ticketImports.id)).limit(1);
  return row ?? null;
}

export async function importFailures(db: Db, importId: number, limit: number): Promise<TicketImportFailure[]> {
  return db
    .select({ item: ticketImportFailures.item, line: ticketImportFailures.line, key: ticketImportFailures.ticketKey, reason: ticketImportFailures.reason })
    .from(ticketImportFailures)
    .where(eq(ticketImportFailures.importId, importId))
    .orderBy(asc(ticketImportFailures.item))
    .limit(limit);
}

/** The import's row, locked for the rest of the transaction. */
export async function lockImport(db: Db, id: number): Promise<TicketImportRow | null> {
  const [row] = await db.select().from(ticketImports).where(eq(ticketImports.id, id)).for('update');
  return row ?? null;
}

/** A job starts (or restarts) on the import: counted, so endless crashes end it. Null unless running. */
export async function startAttempt(db: Db, id: number): Promise<TicketImportRow | null> {
  const [row] = await db
    .update(ticketImports)
    .set({ attempts: sql`${ticketImports.attempts} + 1`, heartbeatAt: sql`now()` })
    .where(and(eq(ticketImports.id, id), eq(ticketImports.state, 'running')))
    .returning();
  return row ?? null;
}

/** Running imports with no committed batch for `staleSeconds`: no worker is alive on them. */
export async function staleImports(db: Db, staleSeconds: number): Promise<TicketImportRow[]> {
  return db
    .select()
    .from(ticketImports)
    .where(and(eq(ticketImports.state, 'running'), lt(ticketImports.heartbeatAt, sql`now() - make_interval(secs => ${staleSeconds})`)));
}

export async function endImport(db: Db, id: number, state: Exclude<TicketImportState, 'running'>, error: string | null): Promise<TicketImportRow | null> {
  const [row] = await db
    .update(ticketImports)
    .set({ state, error, endedAt: sql`now()`, fileKey: null })
    .where(and(eq(ticketImports.id, id), eq(ticketImports.state, 'running')))
    .returning();
  return row ?? null;
}

export async function insertFailures(db: Db, importId: number, failures: TicketImportFailure[]): Promise<void> {
  if (failures.length === 0) return;
  await db.insert(ticketImportFailures).values(failures.map((f) => ({ importId, item: f.item, line: f.line, ticketKey: f.key, reason: f.reason })));
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

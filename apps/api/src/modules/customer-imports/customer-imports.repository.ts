import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { CustomerInfo } from '@casebridge/shared/schemas/dealers';
import type { Db } from '../../db/client.ts';
import { customerImportFailures, customerImports, type CustomerImportState } from '../../db/schema/customer-imports.ts';
import { dealerCustomers, dealers } from '../../db/schema/dealers.ts';

export type ImportRow = typeof customerImports.$inferSelect;

export async function insertImport(db: Db, values: { userId: number; fileName: string; fileKey: string }): Promise<ImportRow> {
  const [row] = await db.insert(customerImports).values(values).returning();
  return row!;
}

export async function runningImport(db: Db): Promise<ImportRow | null> {
  const [row] = await db.select().from(customerImports).where(eq(customerImports.state, 'running')).limit(1);
  return row ?? null;
}

export async function latestImport(db: Db): Promise<ImportRow | null> {
  const [row] = await db.select().from(customerImports).orderBy(desc(customerImports.startedAt), desc(customerImports.id)).limit(1);
  return row ?? null;
}

export async function importFailures(db: Db, importId: number, limit: number): Promise<{ row: number; reason: string }[]> {
  return db
    .select({ row: customerImportFailures.rowNumber, reason: customerImportFailures.reason })
    .from(customerImportFailures)
    .where(eq(customerImportFailures.importId, importId))
    .orderBy(asc(customerImportFailures.rowNumber))
    .limit(limit);
}

/** The import's row, locked for the rest of the transaction. */
export async function lockImport(db: Db, id: number): Promise<ImportRow | null> {
  const [row] = await db.select().from(customerImports).where(eq(customerImports.id, id)).for('update');
  return row ?? null;
}

/** A job starts (or restarts) on the import: counted, so endless crashes end the import. Null unless running. */
export async function startAttempt(db: Db, id: number): Promise<ImportRow | null> {
  const [row] = await db
    .update(customerImports)
    .set({ attempts: sql`${customerImports.attempts} + 1`, heartbeatAt: sql`now()` })
    .where(and(eq(customerImports.id, id), eq(customerImports.state, 'running')))
    .returning();
  return row ?? null;
}

/** Running imports with no committed batch for `staleSeconds`: no worker is alive on them. */
export async function staleImports(db: Db, staleSeconds: number): Promise<ImportRow[]> {
  return db
    .select()
    .from(customerImports)
    .where(and(eq(customerImports.state, 'running'), lt(customerImports.heartbeatAt, sql`now() - make_interval(secs => ${staleSeconds})`)));
}

/** Ends a running import; null when it had already ended (another worker or the stale check). */
export async function endImport(db: Db, id: number, state: Exclude<CustomerImportState, 'running'>, error: string | null): Promise<ImportRow | null> {
  const [row] = await db
    .update(customerImports)
    .set({ state, error, endedAt: sql`now()`, fileKey: null })
    .where(and(eq(customerImports.id, id), eq(customerImports.state, 'running')))
    .returning();
  return row ?? null;
}

/** Public dealer id (any case) → internal id, for the codes given. */
export async function dealerIdsByCode(db: Db, codes: string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ id: dealers.id, code: sql<string>`lower(${dealers.dealerCode})` })
    .from(dealers)
    .where(sql`lower(${dealers.dealerCode}) = any(${sql.param(codes)}::text[])`);
  return new Map(rows.map((row) => [row.code, row.id]));
}

/**
 * Inserts customers, skipping every one whose id (any case) exists already or came earlier in the
 * same list: the unique index on lower(customer_code) decides (migration 0014). Answers how many went in.
 *
 * One array per column, unnested by the server: a batch of thousands of rows is then a statement
 * with eleven parameters, which PostgreSQL parses once, where a VALUES list would carry ten
 * parameters per row for the client to build and the server to parse.
 */
export async function insertCustomers(db: Db, rows: { dealerId: number; info: CustomerInfo }[]): Promise<number> {
  if (rows.length === 0) return 0;
  const column = <T>(pick: (row: { dealerId: number; info: CustomerInfo }) => T) => sql.param(rows.map(pick));
  const result = await db.execute(sql`
    insert into ${dealerCustomers} (dealer_id, customer_code, title, salutation, first_name, last_name, position, company, contact_information, show_info_to_out_of_maintenance_users)
    select * from unnest(
      ${column((row) => row.dealerId)}::integer[], ${column((row) => row.info.customerId)}::text[], ${column((row) => row.info.title)}::text[],
      ${column((row) => row.info.salutation)}::text[], ${column((row) => row.info.firstName)}::text[], ${column((row) => row.info.lastName)}::text[],
      ${column((row) => row.info.position)}::text[], ${column((row) => row.info.company)}::text[],
      ${column((row) => JSON.stringify(row.info.contactInformation))}::jsonb[], ${column((row) => row.info.permissions.showInfoToOutOfMaintenanceUsers)}::boolean[])
    on conflict do nothing`);
  return result.rowCount ?? 0;
}

export async function insertFailures(db: Db, importId: number, failures: { row: number; reason: string }[]): Promise<void> {
  if (failures.length === 0) return;
  await db.insert(customerImportFailures).values(failures.map((failure) => ({ importId, rowNumber: failure.row, reason: failure.reason })));
}

/**
 * Moves the checkpoint from `fromRow` to `toRow` with the batch's counts. False when the import is
 * no longer running or another worker moved the checkpoint first: the caller rolls its batch back.
 */
export async function advanceCheckpoint(
  db: Db,
  id: number,
  fromRow: number,
  toRow: number,
  counts: { success: number; duplicates: number; failed: number },
): Promise<boolean> {
  const updated = await db
    .update(customerImports)
    .set({
      checkpointRow: toRow,
      successRows: sql`${customerImports.successRows} + ${counts.success}`,
      duplicateRows: sql`${customerImports.duplicateRows} + ${counts.duplicates}`,
      failedRows: sql`${customerImports.failedRows} + ${counts.failed}`,
      heartbeatAt: sql`now()`,
    })
    .where(and(eq(customerImports.id, id), eq(customerImports.state, 'running'), eq(customerImports.checkpointRow, fromRow)))
    .returning({ id: customerImports.id });
  return updated.length === 1;
}

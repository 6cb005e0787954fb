import { and, asc, eq, sql } from 'drizzle-orm';
import type { CustomerInfo } from '@casebridge/shared/schemas/dealers';
import type { Db } from '../../db/client.ts';
import { customerImportFailures, customerImports } from '../../db/schema/customer-imports.ts';
import { dealerCustomers, dealers } from '../../db/schema/dealers.ts';
import { importRunQueries } from '../../platform/imports/import-runs.repository.ts';

export type ImportRow = typeof customerImports.$inferSelect;

/** The queries of the import lifecycle (platform/imports), on this feature's table. */
export const importRuns = importRunQueries(customerImports);
export const { insertImport } = importRuns;

export async function importFailures(db: Db, importId: number, limit: number): Promise<{ row: number; reason: string }[]> {
  return db
    .select({ row: customerImportFailures.rowNumber, reason: customerImportFailures.reason })
    .from(customerImportFailures)
    .where(eq(customerImportFailures.importId, importId))
    .orderBy(asc(customerImportFailures.rowNumber))
    .limit(limit);
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
 * A customer's columns as the JSON array `insertCustomers` reads, as bytes outside the JS heap.
 * Made as soon as a row is parsed: a batch then holds these bytes, not the parsed objects.
 */
export function customerColumns(info: CustomerInfo): Buffer {
  return Buffer.from(JSON.stringify([
    info.customerId, info.title, info.salutation, info.firstName, info.lastName, info.position, info.company,
    info.contactInformation, info.permissions.showInfoToOutOfMaintenanceUsers,
  ]));
}

const COMMA = Buffer.from(',');

/**
 * Inserts customers, skipping every one whose id (any case) exists already or came earlier in the
 * same list: the unique index on lower(customer_code) decides (migration 0014). Answers how many went in.
 *
 * The customers travel as one JSON parameter, joined as bytes, that the server takes apart in the
 * list's order. Arrays as parameters would be turned into PostgreSQL array literals by the driver,
 * a string concatenation per value (about 500 MB of short-lived strings for 100,000 rows), and a
 * batch's text as one string would go to the heap's large-object space, which only a full
 * collection empties: both kept the heap growing through an import (issue 13).
 */
export async function insertCustomers(db: Db, rows: { dealerId: number; columns: Buffer }[]): Promise<number> {
  if (rows.length === 0) return 0;
  const customers = Buffer.concat(rows.flatMap(({ columns }, i) => (i === 0 ? [columns] : [COMMA, columns])));
  const result = await db.execute(sql`
    insert into ${dealerCustomers} (dealer_id, customer_code, title, salutation, first_name, last_name, position, company, contact_information, show_info_to_out_of_maintenance_users)
    select dealer_id, c->>0, c->>1, c->>2, c->>3, c->>4, c->>5, c->>6, (c->7)::jsonb, (c->>8)::boolean
    from json_array_elements(('[' || ${customers}::text || ']')::json) with ordinality as customers(c, n)
    join unnest(${sql.param(rows.map((row) => row.dealerId))}::integer[]) with ordinality as dealer_ids(dealer_id, n) using (n)
    order by n
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

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

/**
 * One batch of the file's rows as the JSON array text `importBatch` reads: each customer as
 * `[row, dealerCode, null, ...columns]`, each failed row as `[row, null, reason]`. The text is
 * written as it is parsed into one buffer that every batch of an import reuses, so a batch holds
 * no object per row while it waits on the database (issue 13): what outlived those waits was
 * promoted to the heap's old generation (and a Buffer's bytes with it), which only a full
 * collection empties, and a 100,000-row import left 50 MB of it behind.
 */
export class BatchText {
  private buffer = Buffer.allocUnsafe(256 * 1024);
  private length = 0;
  private count = 0;

  get rows(): number {
    return this.count;
  }

  addCustomer(row: number, dealerCode: string, info: CustomerInfo): void {
    this.append(
      JSON.stringify([
        row,
        dealerCode,
        null,
        info.customerId,
        info.title,
        info.salutation,
        info.firstName,
        info.lastName,
        info.position,
        info.company,
        info.contactInformation,
        info.permissions.showInfoToOutOfMaintenanceUsers,
      ]),
    );
  }

  addFailure(row: number, reason: string): void {
    this.append(JSON.stringify([row, null, reason]));
  }

  clear(): void {
    this.length = 0;
    this.count = 0;
  }

  /** The batch as a JSON array: a view of the shared buffer, valid until the batch changes. */
  json(): Buffer {
    this.write(']');
    const text = this.buffer.subarray(0, this.length);
    // The next row overwrites the closing bracket.
    this.length -= 1;
    return text;
  }

  private append(json: string): void {
    this.write(this.count === 0 ? '[' : ',');
    this.write(json);
    this.count += 1;
  }

  private write(text: string): void {
    const bytes = Buffer.byteLength(text);
    if (this.length + bytes > this.buffer.length) {
      const bigger = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + bytes));
      this.buffer.copy(bigger, 0, 0, this.length);
      this.buffer = bigger;
    }
    this.length += this.buffer.write(text, this.length);
  }
}

/**
 * Imports a batch in one statement: customers of a known dealer (public id, any case) are
 * inserted in the file's order, skipping every one whose id (any case) exists already or came
 * earlier in the same batch (the unique index on lower(customer_code) decides, migration 0014);
 * failed rows and rows of an unknown dealer are recorded as failures. Answers the counts.
 *
 * The batch travels as one parameter of bytes that the server takes apart: arrays as parameters
 * would be turned into PostgreSQL array literals by the driver, a string concatenation per value
 * (about 500 MB of short-lived strings for 100,000 rows), and the dealers are found by the same
 * statement instead of a round trip per batch.
 */
export async function importBatch(
  db: Db,
  importId: number,
  batch: BatchText,
): Promise<{ success: number; duplicates: number; failed: number }> {
  if (batch.rows === 0) return { success: 0, duplicates: 0, failed: 0 };
  const result = await db.execute<{ success: number; valid: number; failed: number }>(sql`
    with input as (
      select (r->>0)::integer as row_number, r->>1 as dealer_code, r->>2 as reason, r, n
      from json_array_elements(${batch.json()}::text::json) with ordinality as input(r, n)
    ),
    resolved as (
      select input.*, d.id as dealer_id from input
      left join (select distinct on (lower(${dealers.dealerCode})) lower(${dealers.dealerCode}) as code, ${dealers.id} as id from ${dealers} order by lower(${dealers.dealerCode}), ${dealers.id}) d
        on d.code = lower(input.dealer_code)
      where input.reason is null
    ),
    inserted as (
      insert into ${dealerCustomers} (dealer_id, customer_code, title, salutation, first_name, last_name, position, company, contact_information, show_info_to_out_of_maintenance_users)
      select dealer_id, r->>3, r->>4, r->>5, r->>6, r->>7, r->>8, r->>9, (r->10)::jsonb, (r->>11)::boolean
      from resolved where dealer_id is not null
      order by n
      on conflict do nothing
      returning 1
    ),
    failed as (
      insert into ${customerImportFailures} (import_id, row_number, reason)
      select ${importId}::integer, row_number, reason from input where reason is not null
      union all
      select ${importId}::integer, row_number, 'dealerId: no reseller with the id ' || dealer_code from resolved where dealer_id is null
      returning 1
    )
    select (select count(*) from inserted)::integer as success, (select count(*) from resolved where dealer_id is not null)::integer as valid, (select count(*) from failed)::integer as failed`);
  const counts = result.rows[0]!;
  return { success: counts.success, duplicates: counts.valid - counts.success, failed: counts.failed };
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

import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { KEY_PATTERN } from '../../platform/storage/storage.ts';
import type { RecordedFile } from '../../platform/storage/move-files.ts';
import type { Db } from '../client.ts';
import { companies } from '../schema/companies.ts';
import { customerImports } from '../schema/customer-imports.ts';
import { dataExports } from '../schema/data-exports.ts';
import { dealers } from '../schema/dealers.ts';
import { desktopApp } from '../schema/desktop-app.ts';
import { componentFiles } from '../schema/orders.ts';
import { policyDocuments } from '../schema/policies.ts';
import { ticketImports } from '../schema/ticket-imports.ts';
import { users } from '../schema/users.ts';

/**
 * Every column that holds a storage key, with the size and SHA-256 its table records beside it.
 * storage_removals is left out on purpose: its keys are on their way out of the store.
 */
export const STORAGE_KEY_COLUMNS: { key: AnyPgColumn; size?: AnyPgColumn; sha256?: AnyPgColumn }[] = [
  { key: componentFiles.storageKey, size: componentFiles.size, sha256: componentFiles.sha256 },
  { key: companies.logoPath },
  { key: users.avatarPath },
  { key: policyDocuments.filePath },
  { key: dealers.logoKey },
  { key: dealers.fixedConfigFileKey },
  { key: desktopApp.fileKey, size: desktopApp.fileSize },
  { key: customerImports.fileKey },
  { key: ticketImports.fileKey },
  { key: dataExports.storageKey, size: dataExports.sizeBytes },
];

/** The stored files the database refers to now, each once. */
export async function recordedFiles(db: Db): Promise<RecordedFile[]> {
  const parts: SQL[] = STORAGE_KEY_COLUMNS.map(
    (c) =>
      sql`select ${c.key} as key, ${c.size ?? sql`null`}::bigint as size, ${c.sha256 ?? sql`null`}::text as sha256
        from ${c.key.table} where ${c.key} is not null`,
  );
  const { rows } = await db.execute<{ key: string; size: string | null; sha256: string | null }>(sql.join(parts, sql` union all `));
  const files = new Map<string, RecordedFile>();
  for (const row of rows) {
    // Anything else (none is known) is not in the store and cannot be moved.
    if (KEY_PATTERN.test(row.key))
      files.set(row.key, { key: row.key, size: row.size === null ? null : Number(row.size), sha256: row.sha256 });
  }
  return [...files.values()];
}

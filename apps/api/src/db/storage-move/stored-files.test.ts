import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEY_COLUMNS } from './stored-files.ts';

/** Columns whose names look like a storage key but hold something else (or, the removal queue, keys on their way out). */
const NOT_STORED_FILES = [
  'add_ons.key',
  'add_ons.lookup_key',
  'dealers.dynamic_config_url_path',
  'licence_keys.key',
  'licence_tickets.key',
  'mill_subscriptions.add_on_key',
  'mill_subscriptions.plan_key',
  // A passkey's public key (WebAuthn), not a file.
  'passkeys.public_key',
  'plans.key',
  'plans.lookup_key',
  'promotions.plan_key',
  'ticket_import_failures.ticket_key',
  'storage_removals.storage_key',
];

describe('the columns storage:move reads', () => {
  it('name every column of the schema that holds a storage key', async () => {
    const folder = path.join(import.meta.dirname, '../schema');
    const names: string[] = [];
    for (const file of await readdir(folder)) {
      const exported = (await import(path.join(folder, file))) as Record<string, unknown>;
      for (const table of Object.values(exported).filter((value) => value instanceof PgTable)) {
        const { name, columns } = getTableConfig(table);
        names.push(...columns.filter((c) => c.dataType === 'string' && /(key|path)$/.test(c.name)).map((c) => `${name}.${c.name}`));
      }
    }
    const listed = STORAGE_KEY_COLUMNS.map(({ key }) => `${getTableConfig(key.table as PgTable).name}.${key.name}`);
    expect(names.filter((name) => !NOT_STORED_FILES.includes(name)).sort()).toEqual(listed.sort());
  });
});

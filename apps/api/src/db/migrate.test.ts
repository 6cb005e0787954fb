import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../../test/global-setup.ts';
import { connect, type Database } from './client.ts';
import { migrationsCurrent, runMigrations } from './migrate.ts';

/** Processes of one deployment starting together on an empty database (issue 26): the migrations apply once. */
const adminUrl = inject('adminDatabaseUrl');
const name = `cb_${inject('runId')}_migrate_${randomBytes(4).toString('hex')}`;
let processes: Database[];

beforeAll(async () => {
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  processes = [connect(withDatabase(adminUrl, name), { poolSize: 4 }), connect(withDatabase(adminUrl, name), { poolSize: 4 })];
});
afterAll(async () => {
  await Promise.all(processes.map((database) => database.close()));
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

describe('migrations started by two processes at once on an empty database', () => {
  it('both succeed, and each migration is applied and recorded once', async () => {
    const [first, second] = processes as [Database, Database];
    expect(await migrationsCurrent(first.db)).toBe(false);

    await Promise.all([runMigrations(first), runMigrations(second)]);

    const journal = JSON.parse(await readFile(path.join(import.meta.dirname, 'migrations/meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const { rows } = await first.db.execute<{ hash: string; times: number }>(
      sql`select hash, count(*)::int as times from drizzle.__drizzle_migrations group by hash`,
    );
    expect(rows).toHaveLength(journal.entries.length);
    expect(rows.filter((row) => row.times !== 1)).toEqual([]);
    expect(await migrationsCurrent(second.db)).toBe(true);
  });
});

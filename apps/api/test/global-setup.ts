import { mkdtemp, rm, chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connect } from '../src/db/client.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { runMigrations } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A server URL whose path names the database to connect to for admin work. */
    adminDatabaseUrl: string;
    /** A migrated database every test file clones (CREATE DATABASE ... TEMPLATE). */
    templateDatabase: string;
    runId: string;
  }
}

/** Replaces the database name in a connection URL. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * Starts one PostgreSQL for the run (embedded, unless DATABASE_URL points at a server), migrates
 * a template database once, and hands its name to the test files, which each clone it. Nothing
 * depends on what an earlier run left behind: every name carries this run's id.
 */
export default async function setup(project: TestProject) {
  const runId = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  let embedded: EmbeddedPostgres | null = null;
  let tmpDir: string | null = null;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    tmpDir = await mkdtemp(path.join(os.tmpdir(), 'casebridge-test-pg-'));
    await chmod(tmpDir, 0o755);
    embedded = await startEmbeddedPostgres({ dataDir: path.join(tmpDir, 'pg'), password: 'test-only' });
    adminUrl = embedded.url('postgres');
  }
  const template = `cb_tmpl_${runId}`;
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  await admin.query(`create database ${template}`);
  const database = connect(withDatabase(adminUrl, template));
  await runMigrations(database);
  await database.close();

  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', template);
  project.provide('runId', runId);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [`cb_%${runId}%`]);
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.end();
    await embedded?.stop();
    if (tmpDir) await rm(tmpDir, { recursive: true, force: true });
  };
}

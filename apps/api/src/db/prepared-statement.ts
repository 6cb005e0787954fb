import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from './client.ts';

const dialect = new PgDialect();

/**
 * Runs a statement as a named prepared statement, one name per distinct SQL text (filters and
 * sorts change the text; values are parameters). For statements whose planning costs more than
 * their running: PostgreSQL keeps a named statement's plan for the connection's lifetime.
 */
export async function executePrepared<Row extends pg.QueryResultRow>(db: Db, query: SQL, prefix: string): Promise<Row[]> {
  // A transaction's handle has no pool of its own: there the statement runs unnamed.
  const pool = (db as { $client?: pg.Pool }).$client;
  if (!pool) return (await db.execute<Row>(query)).rows as Row[];
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  return (await pool.query<Row>({ name, text, values: params })).rows;
}

/**
 * Statements prepared with drizzle (`.prepare(name)`) belong to the database handle they were made
 * on: this makes them once per handle, on first use, and gives them back after. Several apps in one
 * process (tests) each have their own; a handle that is gone takes its statements with it.
 */
export function preparedPerDatabase<Statements>(prepare: (db: Db) => Statements): (db: Db) => Statements {
  const made = new WeakMap<Db, Statements>();
  return (db) => {
    let statements = made.get(db);
    if (!statements) made.set(db, (statements = prepare(db)));
    return statements;
  };
}

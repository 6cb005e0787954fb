import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';

/**
 * The queries on an import table (customer_imports, ticket_imports) that the import lifecycle
 * needs. Each feature's repository builds them on its own table, so the table keeps one owner;
 * the counts and the checkpoint, which differ, stay in the feature's repository.
 */
export type ImportTable = PgTable & {
  id: PgColumn;
  state: PgColumn;
  fileKey: PgColumn;
  attempts: PgColumn;
  error: PgColumn;
  startedAt: PgColumn;
  heartbeatAt: PgColumn;
  endedAt: PgColumn;
};

export type ImportState = 'running' | 'done' | 'failed';

/** What every import row holds, whatever it counts. */
export interface ImportRun {
  id: number;
  userId: number | null;
  fileName: string;
  fileKey: string | null;
  state: ImportState;
  error: string | null;
  attempts: number;
}

export interface ImportRunQueries<Row extends ImportRun, Insert> {
  insertImport(db: Db, values: Insert): Promise<Row>;
  runningImport(db: Db): Promise<Row | null>;
  latestImport(db: Db): Promise<Row | null>;
  /** The import's row, locked for the rest of the transaction. */
  lockImport(db: Db, id: number): Promise<Row | null>;
  /** A job starts (or restarts) on the import: counted, so endless crashes end it. Null unless running. */
  startAttempt(db: Db, id: number): Promise<Row | null>;
  /** Running imports with no committed batch for `staleSeconds`: no worker is alive on them. */
  staleImports(db: Db, staleSeconds: number): Promise<Row[]>;
  /** Ends a running import; null when it had already ended (another worker or the stale check). */
  endImport(db: Db, id: number, state: Exclude<ImportState, 'running'>, error: string | null): Promise<Row | null>;
}

export function importRunQueries<T extends ImportTable>(table: T): ImportRunQueries<T['$inferSelect'] & ImportRun, T['$inferInsert']> {
  type Row = T['$inferSelect'] & ImportRun;
  // Drizzle cannot type a query on a table it only knows by its shape: the rows are this table's.
  const rows = (promise: Promise<unknown>) => promise as Promise<Row[]>;
  const set = (values: Record<string, unknown>) => values as PgUpdateSetSource<T>;
  // select().from() refuses a generic T outright; the same table as a plain PgTable it takes.
  const anyTable: PgTable = table;
  const isRunning = eq(table.state, 'running');
  return {
    async insertImport(db, values) {
      const [row] = await rows(
        db
          .insert(table)
          .values(values as PgInsertValue<T>)
          .returning(),
      );
      return row!;
    },
    async runningImport(db) {
      const [row] = await rows(db.select().from(anyTable).where(isRunning).limit(1));
      return row ?? null;
    },
    async latestImport(db) {
      const [row] = await rows(db.select().from(anyTable).orderBy(desc(table.startedAt), desc(table.id)).limit(1));
      return row ?? null;
    },
    async lockImport(db, id) {
      const [row] = await rows(db.select().from(anyTable).where(eq(table.id, id)).for('update'));
      return row ?? null;
    },
    async startAttempt(db, id) {
      const update = db.update(table).set(set({ attempts: sql`${table.attempts} + 1`, heartbeatAt: sql`now()` }));
      const [row] = await rows(update.where(and(eq(table.id, id), isRunning)).returning());
      return row ?? null;
    },
    async staleImports(db, staleSeconds) {
      return rows(
        db
          .select()
          .from(anyTable)
          .where(and(isRunning, lt(table.heartbeatAt, sql`now() - make_interval(secs => ${staleSeconds})`))),
      );
    },
    async endImport(db, id, state, error) {
      const update = db.update(table).set(set({ state, error, endedAt: sql`now()`, fileKey: null }));
      const [row] = await rows(update.where(and(eq(table.id, id), isRunning)).returning());
      return row ?? null;
    },
  };
}

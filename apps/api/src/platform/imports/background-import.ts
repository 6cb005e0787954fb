import type { Language } from '@casebridge/shared/constants/languages';
import { authorize } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import type { Db } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import type { AppError } from '../../lib/app-error.ts';
import { unlessDuplicate } from '../../lib/db-errors.ts';
import type { UploadedFile } from '../../lib/multipart-form.ts';
import type { AuditEntry } from '../audit/audit-trail.ts';
import { discardUnrecorded, queueRemovals, removeQueued } from '../storage/removals.ts';
import { SupersededImport, UnreadableImport } from './import-errors.ts';
import type { ImportRun, ImportRunQueries } from './import-runs.repository.ts';

/**
 * The lifecycle of a file imported in the background (customers, tickets): the upload stores the
 * file, records the running import and queues its job in one transaction; the job reads the file
 * from storage and commits batches, each with its checkpoint, so a crash loses nothing and a retry
 * repeats nothing; the end removes the file and mails the manager who started it. One import of a
 * kind runs at a time (a partial unique index on its table). What is imported, and how it is
 * counted, is the feature's: `importFile` and the mail.
 */

/** Job runs before an import that keeps failing ends as failed (jobs.ts retries one fewer). */
export const MAX_ATTEMPTS = 4;
/** A running import without a committed batch for this long has no live worker (the job's expiry is 10 minutes). */
const STALE_SECONDS = 15 * 60;

type Mail = { subject: string; text: string; html: string };

type ReadForm = () => Promise<{ file: UploadedFile | null }>;

export interface BackgroundImportKind<Row extends ImportRun, Insert, Status> {
  /** The job, and the rule-book action that may start and watch it. */
  job: 'customers.import' | 'tickets.import';
  action: 'customers.import' | 'tickets.import';
  runs: ImportRunQueries<Row, Insert>;
  refusals: { running: () => AppError; noFile: () => AppError };
  /** Columns of the new import's row beyond who started it and the stored file. */
  moreValues?: (file: UploadedFile) => Partial<Insert>;
  /** How far an import got ("row 12") and what stays of one that stopped unexpectedly. */
  words: { position: (row: Row) => string; kept: string };
  /** Imports the items after the row's checkpoint; throws SupersededImport or UnreadableImport. */
  importFile: (deps: AppDeps, row: Row) => Promise<void>;
  /** The answer of the upload and of the status call: the latest import (null: none yet) as the API shows it. */
  statusOf: (deps: AppDeps, latest: Row | null) => Promise<Status>;
  /** Where the result mail of the user who started an import goes (the users feature answers it). */
  recipient: (db: Db, userId: number) => Promise<{ email: string; language: Language } | null>;
  /** The result mail; `link` is the page with the import's log (`logPath`). */
  mail: (language: Language, ended: Row, link: string) => Mail;
  logPath: string;
  /** The run's entry in the audit trail (issue 28): its action and what the ended import counted. */
  audit: { action: string; objectKind: string; counts: (ended: Row) => Record<string, number> };
}

export interface BackgroundImport<Status> {
  /** Stores the form's file (read after the access check) and starts its import; refused while one runs. */
  upload(deps: AppDeps, user: SessionUser, readForm: ReadForm): Promise<Status>;
  /** Whether an import runs, and the latest one; ends the ones nobody works on any more first. */
  status(deps: AppDeps, user: SessionUser): Promise<Status>;
  /** The job: imports the items after the checkpoint, then ends the import and mails the manager. */
  run(deps: AppDeps, importId: number): Promise<void>;
}

export function backgroundImport<Row extends ImportRun, Insert, Status>(
  kind: BackgroundImportKind<Row, Insert, Status>,
): BackgroundImport<Status> {
  const { runs } = kind;

  async function upload(deps: AppDeps, user: SessionUser, readForm: ReadForm): Promise<Status> {
    await authorize(deps.db, user, kind.action, {});
    await endStaleImports(deps);
    // Refused before the file is stored; the unique index still decides a race.
    if (await runs.runningImport(deps.db)) throw kind.refusals.running();
    const { file } = await readForm();
    if (!file) throw kind.refusals.noFile();
    try {
      await unlessDuplicate(
        () =>
          deps.db.transaction(async (tx) => {
            const values = { userId: user.id, fileName: file.name, fileKey: file.key, ...kind.moreValues?.(file) } as Insert;
            const row = await runs.insertImport(tx, values);
            await deps.jobs.enqueue(tx, kind.job, { importId: row.id });
          }),
        kind.refusals.running,
      );
    } catch (error) {
      await discardUnrecorded(deps.db, deps.storage, file.key);
      throw error;
    }
    return kind.statusOf(deps, await latest(deps));
  }

  async function status(deps: AppDeps, user: SessionUser): Promise<Status> {
    await authorize(deps.db, user, kind.action, {});
    return kind.statusOf(deps, await latest(deps));
  }

  async function latest(deps: AppDeps): Promise<Row | null> {
    await endStaleImports(deps);
    return runs.latestImport(deps.db);
  }

  /** A running import nobody works on any more ends honestly: failed, with how far it got. */
  async function endStaleImports(deps: AppDeps): Promise<void> {
    for (const row of await runs.staleImports(deps.db, STALE_SECONDS)) {
      await finish(deps, row.id, 'failed', `The import stopped unexpectedly after ${kind.words.position(row)}; ${kind.words.kept}`);
    }
  }

  /** Ends the import, queues its file's removal and the manager's mail, all in one transaction. */
  async function finish(deps: AppDeps, id: number, state: 'done' | 'failed', error: string | null): Promise<void> {
    let fileKey: string | null = null;
    await deps.db.transaction(async (tx) => {
      // Locked first: the file key is read before the end clears it, and two enders take turns.
      const before = await runs.lockImport(tx, id);
      if (before?.state !== 'running') return;
      const ended = (await runs.endImport(tx, id, state, error))!;
      await deps.audit.append(tx, runAudit(ended));
      fileKey = before.fileKey;
      if (fileKey) await queueRemovals(tx, [fileKey]);
      const manager = ended.userId === null ? null : await kind.recipient(tx, ended.userId);
      if (!manager) return;
      const mail = kind.mail(manager.language, ended, `${deps.config.publicUrl}${kind.logPath}`);
      await deps.jobs.enqueue(tx, 'mail.send', { to: manager.email, ...mail });
    });
    if (fileKey) await removeQueued(deps.db, deps.storage, [fileKey]);
  }

  /** One entry per run, at its end: the manager who started it (the job has no address), how it ended and its counts. */
  function runAudit(ended: Row): AuditEntry {
    return {
      actor: { userId: ended.userId, tenant: { kind: 'platform', id: null } },
      action: kind.audit.action,
      object: { kind: kind.audit.objectKind, id: ended.id },
      after: { fileName: ended.fileName, state: ended.state, error: ended.error, ...kind.audit.counts(ended) },
    };
  }

  async function run(deps: AppDeps, importId: number): Promise<void> {
    const row = await runs.startAttempt(deps.db, importId);
    if (!row) return;
    if (row.attempts > MAX_ATTEMPTS)
      return finish(deps, row.id, 'failed', `The import failed ${MAX_ATTEMPTS} times and stopped after ${kind.words.position(row)}`);
    try {
      await kind.importFile(deps, row);
      await finish(deps, row.id, 'done', null);
    } catch (error) {
      if (error instanceof SupersededImport) return;
      if (error instanceof UnreadableImport) return finish(deps, row.id, 'failed', error.message);
      if (row.attempts >= MAX_ATTEMPTS)
        return finish(deps, row.id, 'failed', `The import stopped after ${kind.words.position(row)}: ${(error as Error).message}`);
      throw error;
    }
  }

  return { upload, status, run };
}

/** The stored file of a running import as a stream of bytes. */
export async function openUpload(deps: AppDeps, row: ImportRun): Promise<AsyncIterable<Buffer>> {
  const opened = row.fileKey ? await deps.storage.open(row.fileKey) : null;
  if (!opened) throw new UnreadableImport('The uploaded file is no longer in storage');
  return opened.stream;
}

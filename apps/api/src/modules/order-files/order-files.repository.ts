import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { componentFiles, components, downloadTokens, fileDownloads, type DownloadTarget, type FileKind } from '../../db/schema/orders.ts';

/** The order files' tables: the files of components, who fetched them, and one-time download links. */
export type FileRow = typeof componentFiles.$inferSelect;
export type DownloadLinkRow = typeof downloadTokens.$inferSelect;
export type { DownloadTarget, FileKind };

export type NewFile = typeof componentFiles.$inferInsert;

export async function insertFile(db: Db, values: NewFile): Promise<FileRow> {
  const [row] = await db.insert(componentFiles).values(values).returning();
  return row!;
}

export async function findFile(db: Db, fileId: number): Promise<FileRow | null> {
  const [row] = await db.select().from(componentFiles).where(eq(componentFiles.id, fileId));
  return row ?? null;
}

/** The files of these components, oldest first; only one kind when `kind` is given. */
export async function filesOfComponents(db: Db, componentIds: number[], kind?: FileKind): Promise<FileRow[]> {
  if (componentIds.length === 0) return [];
  const ofComponents = inArray(componentFiles.componentId, componentIds);
  return db
    .select()
    .from(componentFiles)
    .where(kind ? and(ofComponents, eq(componentFiles.kind, kind)) : ofComponents)
    .orderBy(asc(componentFiles.id));
}

export async function deleteFile(tx: Db, fileId: number): Promise<void> {
  await tx.delete(componentFiles).where(eq(componentFiles.id, fileId));
}

/** Deletes the files of these components; answers their storage keys. */
export async function deleteFilesOfComponents(tx: Db, componentIds: number[]): Promise<string[]> {
  if (componentIds.length === 0) return [];
  const removed = await tx
    .delete(componentFiles)
    .where(inArray(componentFiles.componentId, componentIds))
    .returning({ key: componentFiles.storageKey });
  return removed.map((file) => file.key);
}

/** A document counts as fetched by the mill once any of its users downloaded it. */
/**
 * Two downloads of a component's last documents at once would each see only their own uncommitted
 * record and neither would find the component complete: the counts of one component take turns.
 * Ids in order, so two transactions never wait on each other's locks.
 */
export async function lockDownloadCounts(tx: Db, componentIds: number[]): Promise<void> {
  for (const id of [...new Set(componentIds)].sort((a, b) => a - b)) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`component-downloads:${id}`}))`);
  }
}

export async function recordDownloads(db: Db, fileIds: number[], userId: number): Promise<void> {
  if (fileIds.length === 0) return;
  await db
    .insert(fileDownloads)
    .values(fileIds.map((fileId) => ({ fileId, userId })))
    .onConflictDoNothing();
}

/** Those of these components whose every document was fetched at least once. */
export async function componentsFullyDownloaded(db: Db, componentIds: number[]): Promise<number[]> {
  if (componentIds.length === 0) return [];
  const { rows } = await db.execute<{ component_id: number }>(sql`
    select f.component_id from component_files f
    where f.component_id in ${componentIds} and f.kind = 'document'
    group by f.component_id
    having bool_and(exists (select 1 from file_downloads d where d.file_id = f.id))`);
  return rows.map((row) => row.component_id);
}

export async function insertDownloadLink(
  db: Db,
  link: { tokenHash: string; userId: number; target: DownloadTarget; targetId: number; expiresAt: Date },
): Promise<void> {
  await db.insert(downloadTokens).values(link);
}

/** Marks the link used and answers it, once: unknown, used or expired links answer null. */
export async function useDownloadLink(db: Db, tokenHash: string): Promise<DownloadLinkRow | null> {
  const [link] = await db
    .update(downloadTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(downloadTokens.tokenHash, tokenHash), isNull(downloadTokens.usedAt), sql`${downloadTokens.expiresAt} > now()`))
    .returning();
  return link ?? null;
}

// For file retention (modules/file-retention): files past the mill's keep period.

/**
 * A file counts for retention only while no component of its order is Open: work in progress is
 * never deleted. Read from the components themselves rather than the order's status mask (a
 * cache kept by triggers), so the rule rests on the status it names.
 */
const noOpenComponent = sql`not exists (select 1 from components o where o.project_id = c.project_id and o.status = 'Open')`;

/** How many files of the mill uploaded in [from, before) retention would delete today. */
export async function countRetainedFiles(db: Db, millId: number, from: Date | null, before: Date): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from component_files f
    join components c on c.id = f.component_id
    join projects p on p.id = c.project_id
    where p.mill_id = ${millId} and f.created_at < ${before.toISOString()}::timestamptz
      and (${from?.toISOString() ?? null}::timestamptz is null or f.created_at >= ${from?.toISOString() ?? null}::timestamptz)
      and ${noOpenComponent}`);
  return rows[0]?.n ?? 0;
}

/**
 * Deletes up to `limit` of the mill's files uploaded before `before` whose order has no Open
 * component, in one statement. Rows another transaction holds are skipped (SKIP LOCKED), so two
 * processes running retention at once share the work instead of waiting or deleting twice.
 */
export async function deleteRetainedFileBatch(
  tx: Db,
  millId: number,
  before: Date,
  limit: number,
): Promise<{ storageKey: string; size: number }[]> {
  const { rows } = await tx.execute<{ storage_key: string; size: string }>(sql`
    with batch as (
      select f.id from component_files f
      join components c on c.id = f.component_id
      join projects p on p.id = c.project_id
      where p.mill_id = ${millId} and f.created_at < ${before.toISOString()}::timestamptz and ${noOpenComponent}
      order by f.id
      limit ${limit}
      for update of f skip locked
    )
    delete from component_files d using batch where d.id = batch.id
    returning d.storage_key, d.size`);
  return rows.map((row) => ({ storageKey: row.storage_key, size: Number(row.size) }));
}

/** The files a user uploaded, described (never their bytes), oldest first: the data export. */
export async function filesByUploader(db: Db, userId: number) {
  return db
    .select({
      id: componentFiles.id,
      orderId: components.projectId,
      componentId: componentFiles.componentId,
      kind: componentFiles.kind,
      name: componentFiles.name,
      size: componentFiles.size,
      sha256: componentFiles.sha256,
      fileType: componentFiles.fileType,
      createdAt: componentFiles.createdAt,
    })
    .from(componentFiles)
    .innerJoin(components, eq(components.id, componentFiles.componentId))
    .where(eq(componentFiles.uploadedById, userId))
    .orderBy(asc(componentFiles.createdAt), asc(componentFiles.id));
}

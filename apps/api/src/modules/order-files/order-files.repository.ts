import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { componentFiles, downloadTokens, fileDownloads, type DownloadTarget, type FileKind } from '../../db/schema/orders.ts';

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
  const removed = await tx.delete(componentFiles).where(inArray(componentFiles.componentId, componentIds)).returning({ key: componentFiles.storageKey });
  return removed.map((file) => file.key);
}

/** A document counts as fetched by the mill once any of its users downloaded it. */
export async function recordDownloads(db: Db, fileIds: number[], userId: number): Promise<void> {
  if (fileIds.length === 0) return;
  await db.insert(fileDownloads).values(fileIds.map((fileId) => ({ fileId, userId }))).onConflictDoNothing();
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

export async function insertDownloadLink(db: Db, link: { tokenHash: string; userId: number; target: DownloadTarget; targetId: number; expiresAt: Date }): Promise<void> {
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

import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { componentFiles, components, downloadTokens, fileDownloads, type DownloadTarget, type FileKind } from '../../db/schema/orders.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../../lib/current-user.ts';
import { readFileForm } from '../../lib/multipart-form.ts';
import { queueRemovals, removeQueued } from '../../platform/storage/removals.ts';
import { storedZip } from '../../platform/zip/stored-zip.ts';
import { hashOneTimeToken, newOneTimeToken } from '../../lib/one-time-tokens.ts';
import { DEFAULT_SETTINGS } from '../session/session.service.ts';
import { checkDocument } from './file-types.ts';
import { assertLabMayWrite, orderAccess, type OrderAccess } from './order-access.ts';
import { componentOf } from './orders.service.ts';
import { orderReport } from './order-report.ts';

const LINK_LIFETIME_MS = 5 * 60 * 1000;

/**
 * Streams one file of a multipart request into storage, checks it against its name, and records
 * it on the component. Labs add documents; the mill adds downloads.
 */
export async function uploadFile(deps: AppDeps, request: FastifyRequest, access: OrderAccess, componentId: number, kind: FileKind) {
  if (kind === 'document' && access.side !== 'lab') throw AppError.forbidden('Only the lab uploads documents');
  if (kind === 'download' && access.side !== 'mill') throw AppError.forbidden('Only the mill uploads downloads');
  assertLabMayWrite(access);
  if (access.project.isDeleted) throw new AppError(409, 'CONFLICT', 'This order was deleted');
  const component = await componentOf(deps, access, componentId);
  const form = await readFileForm(request, deps.storage, {
    field: 'file',
    prefix: kind === 'document' ? 'documents' : 'downloads',
    maxBytes: deps.config.maxUploadBytes,
    sniff: (head, filename) => {
      const check = checkDocument(filename, head);
      return check.ok ? check.fileType : null;
    },
    typeMessage: 'This file type is not accepted, or the file is not what its name says',
  });
  if (!form.file) throw AppError.fields({ file: ['VALIDATION_FAILED'] }, 'Choose a file');
  const { key, name, size, sha256, type } = form.file;
  try {
    const [row] = await deps.db
      .insert(componentFiles)
      .values({ componentId: component.id, kind, name, storageKey: key, size, sha256, fileType: type, uploadedById: access.user.id })
      .returning();
    return row!;
  } catch (error) {
    // No bytes without a row.
    await deps.storage.remove(key);
    throw error;
  }
}

export async function deleteDownload(deps: AppDeps, user: UserRow, fileId: number): Promise<void> {
  const file = await fileWithAccess(deps, user, fileId);
  if (file.access.side !== 'mill' || file.row.kind !== 'download') throw AppError.forbidden('Only the mill deletes its downloads');
  await deps.db.transaction(async (tx) => {
    await tx.delete(componentFiles).where(eq(componentFiles.id, file.row.id));
    await queueRemovals(tx, [file.row.storageKey]);
  });
  await removeQueued(deps.db, deps.storage, [file.row.storageKey]);
}

async function fileWithAccess(deps: AppDeps, user: UserRow, fileId: number) {
  const [row] = await deps.db
    .select({ file: componentFiles, projectId: components.projectId })
    .from(componentFiles)
    .innerJoin(components, eq(components.id, componentFiles.componentId))
    .where(eq(componentFiles.id, fileId));
  if (!row) throw AppError.notFound('File');
  return { row: row.file, access: await orderAccess(deps.db, user, row.projectId) };
}

/** Checks the caller may download the target now, then issues a five-minute one-time link. */
export async function createDownloadLink(deps: AppDeps, user: UserRow, target: DownloadTarget, targetId: number): Promise<string> {
  if (target === 'report') await orderAccess(deps.db, user, targetId);
  else await resolveTarget(deps, user, target, targetId);
  const { token, tokenHash } = newOneTimeToken();
  await deps.db.insert(downloadTokens).values({ tokenHash, userId: user.id, target, targetId, expiresAt: new Date(Date.now() + LINK_LIFETIME_MS) });
  return `/api/dl/${token}`;
}

interface ResolvedFile {
  row: typeof componentFiles.$inferSelect;
  projectName: string;
  componentName: string;
}

/** The files a target stands for, after the same access check as every other call. */
async function resolveTarget(deps: AppDeps, user: UserRow, target: Exclude<DownloadTarget, 'report'>, targetId: number): Promise<{ files: ResolvedFile[]; access: OrderAccess; name: string }> {
  if (target === 'file') {
    const { row, access } = await fileWithAccess(deps, user, targetId);
    const [component] = await deps.db.select().from(components).where(eq(components.id, row.componentId));
    return { files: [{ row, projectName: access.project.name, componentName: component!.name }], access, name: row.name };
  }
  const projectId = target === 'project' ? targetId : (await deps.db.select().from(components).where(eq(components.id, targetId)))[0]?.projectId;
  if (projectId === undefined) throw AppError.notFound('Component');
  const access = await orderAccess(deps.db, user, projectId);
  if (access.project.isDeleted) throw new AppError(409, 'CONFLICT', 'This order was deleted; its files can no longer be downloaded together');
  const rows = await deps.db
    .select({ file: componentFiles, componentName: components.name })
    .from(componentFiles)
    .innerJoin(components, eq(components.id, componentFiles.componentId))
    .where(and(eq(components.projectId, projectId), eq(componentFiles.kind, 'document'), target === 'component' ? eq(components.id, targetId) : sql`true`));
  const name = target === 'project' ? access.project.name : (rows[0]?.componentName ?? 'component');
  return { files: rows.map((r) => ({ row: r.file, projectName: access.project.name, componentName: r.componentName })), access, name };
}

/** No path separators, reserved characters or control characters in a ZIP entry or file name. */
function safeName(name: string): string {
  const cleaned = [...name].map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '_' : c)).join('');
  return cleaned.slice(0, 150) || 'file';
}

/** Flat: every file at the top; hierarchical: order/component/file. Same names get a suffix. */
export function zipPaths(files: ResolvedFile[], structure: 'flat' | 'hierarchical'): string[] {
  const used = new Set<string>();
  return files.map((f) => {
    const base = structure === 'flat' ? safeName(f.row.name) : `${safeName(f.projectName)}/${safeName(f.componentName)}/${safeName(f.row.name)}`;
    let candidate = base;
    for (let i = 2; used.has(candidate); i++) candidate = base.replace(/(\.[^./]*)?$/, (ext) => ` (${i})${ext}`);
    used.add(candidate);
    return candidate;
  });
}

export interface DownloadStream {
  stream: NodeJS.ReadableStream;
  filename: string;
  contentType: string;
  size?: number;
}

/** Uses the link once; the access check runs again, so a link outlives no permission. */
export async function openDownload(deps: AppDeps, token: string, loadUser: (id: number) => Promise<UserRow | null>): Promise<DownloadStream> {
  const [link] = await deps.db
    .update(downloadTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(downloadTokens.tokenHash, hashOneTimeToken(token)), sql`${downloadTokens.usedAt} is null`, sql`${downloadTokens.expiresAt} > now()`))
    .returning();
  if (!link) throw AppError.notFound('Download');
  const user = await loadUser(link.userId);
  if (!user || user.blocked) throw AppError.notFound('Download');
  if (link.target === 'report') {
    const access = await orderAccess(deps.db, user, link.targetId);
    return { stream: await orderReport(deps, access, user), filename: `order-${access.project.id}.pdf`, contentType: 'application/pdf' };
  }
  const { files, access, name } = await resolveTarget(deps, user, link.target, link.targetId);
  if (access.side === 'mill') await recordDownloads(deps, user.id, files.map((f) => f.row));
  if (link.target === 'file') {
    const opened = await deps.storage.open(files[0]!.row.storageKey);
    if (!opened) throw AppError.notFound('File');
    return { stream: opened.stream, filename: files[0]!.row.name, contentType: 'application/octet-stream', size: opened.size };
  }
  const structure = { ...DEFAULT_SETTINGS, ...user.settings }.projectDownloadFolderStructure;
  const zip = buildZip(deps, files, structure);
  return { stream: zip.stream, filename: `${safeName(name)}.zip`, contentType: 'application/zip', size: zip.length };
}

/** Written while it is sent (platform/zip), each file opened in its turn; its length is known up front. */
function buildZip(deps: AppDeps, files: ResolvedFile[], structure: 'flat' | 'hierarchical') {
  const paths = zipPaths(files, structure);
  return storedZip(
    files.map((f, i) => ({
      name: paths[i]!,
      size: f.row.size,
      mtime: f.row.createdAt,
      open: async () => {
        const opened = await deps.storage.open(f.row.storageKey);
        // A row always has its bytes (ADR 0005); if not, the download fails rather than lies.
        if (!opened) throw new Error(`stored bytes of file ${f.row.id} are missing`);
        return opened.stream;
      },
    })),
  );
}

/**
 * A document downloaded by the mill counts as fetched; once every document of a component was
 * fetched, an Open component becomes Downloaded.
 */
async function recordDownloads(deps: AppDeps, userId: number, files: (typeof componentFiles.$inferSelect)[]): Promise<void> {
  const documents = files.filter((f) => f.kind === 'document');
  if (documents.length === 0) return;
  await deps.db.insert(fileDownloads).values(documents.map((f) => ({ fileId: f.id, userId }))).onConflictDoNothing();
  const componentIds = [...new Set(documents.map((f) => f.componentId))];
  await deps.db.execute(sql`
    update components c set status = 'Downloaded'
    where c.id in ${componentIds} and c.status = 'Open'
      and not exists (
        select 1 from component_files f
        where f.component_id = c.id and f.kind = 'document'
          and not exists (select 1 from file_downloads d where d.file_id = f.id)
      )`);
}


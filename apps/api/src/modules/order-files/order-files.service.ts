import type { AppDeps } from '../../deps.ts';
import type { AuditEntry } from '../../platform/audit/audit-trail.ts';
import type { Db } from '../../db/client.ts';
import { authorize, type Grant } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UploadedFile } from '../../lib/multipart-form.ts';
import { hashOneTimeToken, newOneTimeToken } from '../../lib/one-time-tokens.ts';
import type { AfterCommit, DomainEvents } from '../../platform/events/domain-events.ts';
import { documentPdf } from '../../platform/pdf/document-pdf.ts';
import { discardUnrecorded, queueRemovals, removeQueued } from '../../platform/storage/removals.ts';
import { storedZip } from '../../platform/zip/stored-zip.ts';
import { grantedOrder, refuseIfDeleted, type OrderRow } from '../orders/orders.service.ts';
import { componentOfOrder, componentsOf, orderIdOfComponent, partiesOf } from '../orders/orders.queries.ts';
import { PlanLimitError, tellingPlanLimits } from '../plans/plans.service.ts';
import { settingsOf, languageOf, userById } from '../users/users.queries.ts';
import { companiesById, labById } from '../companies/companies.queries.ts';
import { millsById } from '../mills/mills.queries.ts';
import type { UserRow } from '../../lib/current-user.ts';
import { orderReportContent, type ReportCompany } from './order-files.report.ts';
import { checkDocument } from './order-files.rules.ts';
import {
  componentsFullyDownloaded,
  deleteFile,
  deleteFilesOfComponents as deleteFileRows,
  countRetainedFiles,
  deleteRetainedFileBatch,
  filesOfComponents,
  findFile,
  insertDownloadLink,
  insertFile,
  lockDownloadCounts,
  recordDownloads,
  useDownloadLink,
  type DownloadTarget,
  type FileKind,
  type FileRow,
  type NewFile,
} from './order-files.repository.ts';

const LINK_LIFETIME_MS = 5 * 60 * 1000;

/** Work that must commit together with its removal queue entries (platform/storage/removals.ts). */
type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

declare module '../../platform/events/domain-events.ts' {
  interface DomainEvents {
    /** The mill has now fetched every document of these components: an Open one becomes Downloaded (orders). */
    'files.downloaded': { componentIds: number[] };
    /**
     * These bytes are about to be kept for the mill (or, before an upload, announced): a listener
     * refuses with a PlanLimitError when the plan has no room (subscriptions).
     */
    'files.storing': { millId: number; bytes: number };
  }
}

export const toFileDto = (f: FileRow) => ({
  id: f.id,
  name: f.name,
  size: f.size,
  sha256: f.sha256,
  fileType: f.fileType,
  createdAt: f.createdAt.toISOString(),
});
export type FileDto = ReturnType<typeof toFileDto>;

/** A route hands its multipart form over unread: it is read only once the caller may store a file. */
export type FileFormReader = () => Promise<{ data: unknown; file: UploadedFile | null }>;

// ---- Uploads through a multipart form

/** The lab adds a document to a component of its order. */
export async function uploadDocument(
  deps: AppDeps,
  user: SessionUser,
  orderId: number,
  componentId: number,
  readForm: FileFormReader,
): Promise<FileDto> {
  const grant = await authorize(deps.db, user, 'order.edit', { orderId });
  return storeFormFile(deps, user, grantedOrder(grant), componentId, 'document', readForm);
}

/** The mill hands a file back on a component. */
export async function uploadDownload(
  deps: AppDeps,
  user: SessionUser,
  orderId: number,
  componentId: number,
  readForm: FileFormReader,
): Promise<FileDto> {
  const grant = await authorize(deps.db, user, 'order.process', { orderId });
  return storeFormFile(deps, user, grantedOrder(grant), componentId, 'download', readForm);
}

/** Streams the form's file into storage (checked against its name) and records it; no bytes without a row. */
async function storeFormFile(
  deps: AppDeps,
  user: SessionUser,
  order: OrderRow,
  componentId: number,
  kind: FileKind,
  readForm: FileFormReader,
): Promise<FileDto> {
  refuseIfDeleted(order);
  const component = await componentOfOrder(deps.db, order.id, componentId);
  const form = await readForm();
  if (!form.file) throw AppError.fields({ file: ['FILE_REQUIRED'] }, 'Choose a file');
  const { key, name, size, sha256, type } = form.file;
  return toFileDto(
    await recordWithinPlan(deps, user, order, {
      componentId: component.id,
      kind,
      name,
      storageKey: key,
      size,
      sha256,
      fileType: type,
      uploadedById: user.id,
    }),
  );
}

/**
 * Records stored bytes as a file when the mill's plan has room for them, under the plan's lock so
 * two uploads cannot both take the last room. A refusal by the plan commits the bytes' removal to
 * the queue (platform/storage/removals.ts) in that same locked transaction, so they are gone or
 * queued, never orphaned, even if this process dies next; the mill is told (409 PLAN_LIMIT_REACHED).
 */
async function recordWithinPlan(deps: AppDeps, user: SessionUser, order: OrderRow, file: NewFile): Promise<FileRow> {
  const millId = order.millId;
  let outcome: { row: FileRow; afterCommit: AfterCommit } | { refusal: PlanLimitError };
  try {
    outcome = await deps.db.transaction(async (tx) => {
      let afterCommit: AfterCommit;
      try {
        afterCommit = await deps.events.publish(tx, 'files.storing', { millId, bytes: file.size });
      } catch (error) {
        // Caught inside: thrown, it would roll back the queue entry along with everything else.
        if (!(error instanceof PlanLimitError)) throw error;
        await queueRemovals(tx, [file.storageKey]);
        return { refusal: error };
      }
      const row = await insertFile(tx, file);
      await deps.audit.append(tx, fileAudit(user, order, 'file.uploaded', row));
      return { row, afterCommit };
    });
  } catch (error) {
    await discardUnrecorded(deps.db, deps.storage, file.storageKey);
    throw error;
  }
  if ('refusal' in outcome) {
    const { refusal } = outcome;
    // A failure here leaves the key queued for the next run (every 10 minutes, and at start); the refusal stands.
    await removeQueued(deps.db, deps.storage, [file.storageKey]).catch(() => undefined);
    return tellingPlanLimits(deps, { millId, limit: 'storage', triedBy: user.id }, () => Promise.reject(refusal));
  }
  await outcome.afterCommit();
  return outcome.row;
}

// ---- Resumable uploads (modules/order-uploads): the same rule as a form upload

export interface UploadTarget {
  orderId: number;
  componentId: number;
}

/**
 * Before any byte arrives: the caller may add documents to this component now, and the mill's plan
 * has room for the upload's announced length (checked again, under the plan's lock, when it is recorded).
 */
export async function authorizeDocumentUpload(
  deps: AppDeps,
  user: SessionUser,
  target: UploadTarget,
  announcedBytes: number | null,
): Promise<void> {
  const order = await writableOrderOf(deps, user, target);
  if (announcedBytes === null) return;
  const afterCommit = await tellingPlanLimits(deps, { millId: order.millId, limit: 'storage', triedBy: user.id }, () =>
    deps.db.transaction((tx) => deps.events.publish(tx, 'files.storing', { millId: order.millId, bytes: announcedBytes })),
  );
  await afterCommit();
}

/** The order of a component the caller may add documents to now. */
async function writableOrderOf(deps: AppDeps, user: SessionUser, target: UploadTarget): Promise<OrderRow> {
  const order = grantedOrder(await authorize(deps.db, user, 'order.edit', { orderId: target.orderId }));
  refuseIfDeleted(order);
  await componentOfOrder(deps.db, order.id, target.componentId);
  return order;
}

/**
 * A finished upload becomes a document of its component: asked again (rights may have changed
 * during a long upload), checked against its name by its first bytes, then moved into storage.
 */
export async function recordUploadedDocument(
  deps: AppDeps,
  user: SessionUser,
  upload: UploadTarget & { filename: string; head: Buffer; localPath: string; sha256: string | null },
): Promise<FileDto> {
  const order = await writableOrderOf(deps, user, upload);
  const check = checkDocument(upload.filename, upload.head);
  if (!check.ok) throw new AppError(400, 'FILE_CONTENT_MISMATCH', 'The file is not what its name says');
  const stored = await deps.storage.adopt('documents', upload.localPath, upload.sha256);
  return toFileDto(
    await recordWithinPlan(deps, user, order, {
      componentId: upload.componentId,
      kind: 'document',
      name: upload.filename,
      storageKey: stored.key,
      size: stored.size,
      sha256: stored.sha256,
      fileType: check.fileType,
      uploadedById: user.id,
    }),
  );
}

// ---- Deleting

/** The mill takes back a file it handed back. Rows and the removal queue in one transaction, bytes after. */
export async function deleteDownload(deps: AppDeps, user: SessionUser, fileId: number): Promise<void> {
  const { file, grant } = await fileWithGrant(deps, user, fileId, 'order.process');
  const order = grantedOrder(grant);
  if (file.kind !== 'download') throw AppError.forbidden('Only files the mill handed back can be deleted', 'ONLY_RETURNED_FILES_DELETABLE');
  await deps.db.transaction(async (tx) => {
    await deleteFile(tx, file.id);
    await queueRemovals(tx, [file.storageKey]);
    await deps.audit.append(tx, fileAudit(user, order, 'file.deleted', file));
  });
  await removeQueued(deps.db, deps.storage, [file.storageKey]);
}

/**
 * Listener of 'order.deleted' (events.ts), in the transaction that withdraws the order: the files
 * of its components go, their bytes queued for removal in the same transaction and removed once it committed.
 */
export async function deleteFilesOfOrder(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  tx: Db,
  deleted: DomainEvents['order.deleted'],
): Promise<AfterCommit> {
  const keys = await deleteFileRows(tx, deleted.componentIds);
  await queueRemovals(tx, keys);
  return async () => void (await removeQueued(deps.db, deps.storage, keys));
}

/** A file and the caller's grant on its order; a file of another tenant answers like a missing one. */
async function fileWithGrant(
  deps: AppDeps,
  user: SessionUser,
  fileId: number,
  action: 'order.read' | 'order.process',
): Promise<{ file: FileRow; grant: Grant }> {
  const file = await findFile(deps.db, fileId);
  const orderId = file && (await orderIdOfComponent(deps.db, file.componentId));
  if (!file || !orderId) throw AppError.notFound('File');
  return { file, grant: await authorize(deps.db, user, action, { orderId }) };
}

// ---- Reading, for the component view and drafts (modules/order-views)

export async function filesOfComponent(db: Db, componentId: number): Promise<{ documents: FileDto[]; downloads: FileDto[] }> {
  const files = await filesOfComponents(db, [componentId]);
  return {
    documents: files.filter((f) => f.kind === 'document').map(toFileDto),
    downloads: files.filter((f) => f.kind === 'download').map(toFileDto),
  };
}

/** Each component's documents, by component id. */
export async function documentsOfComponents(db: Db, componentIds: number[]): Promise<Map<number, FileDto[]>> {
  const byComponent = new Map<number, FileDto[]>();
  for (const file of await filesOfComponents(db, componentIds, 'document')) {
    byComponent.set(file.componentId, [...(byComponent.get(file.componentId) ?? []), toFileDto(file)]);
  }
  return byComponent;
}

// ---- One-time download links: asked for with the session, used without it

async function issueLink(deps: AppDeps, user: SessionUser, target: DownloadTarget, targetId: number): Promise<string> {
  const { token, tokenHash } = newOneTimeToken();
  await insertDownloadLink(deps.db, { tokenHash, userId: user.id, target, targetId, expiresAt: new Date(Date.now() + LINK_LIFETIME_MS) });
  return `/api/dl/${token}`;
}

const NO_ZIP_OF_DELETED = 'This order was deleted; its files can no longer be downloaded together';

export async function fileLink(deps: AppDeps, user: SessionUser, fileId: number): Promise<string> {
  await fileWithGrant(deps, user, fileId, 'order.read');
  return issueLink(deps, user, 'file', fileId);
}

export async function componentZipLink(deps: AppDeps, user: SessionUser, orderId: number, componentId: number): Promise<string> {
  const order = grantedOrder(await authorize(deps.db, user, 'order.read', { orderId }));
  const component = await componentOfOrder(deps.db, order.id, componentId);
  refuseIfDeleted(order, NO_ZIP_OF_DELETED, 'ORDER_DELETED_NO_ZIP');
  return issueLink(deps, user, 'component', component.id);
}

export async function orderZipLink(deps: AppDeps, user: SessionUser, orderId: number): Promise<string> {
  const order = grantedOrder(await authorize(deps.db, user, 'order.read', { orderId }));
  refuseIfDeleted(order, NO_ZIP_OF_DELETED, 'ORDER_DELETED_NO_ZIP');
  return issueLink(deps, user, 'project', order.id);
}

export async function reportLink(deps: AppDeps, user: SessionUser, orderId: number): Promise<string> {
  const order = grantedOrder(await authorize(deps.db, user, 'order.read', { orderId }));
  return issueLink(deps, user, 'report', order.id);
}

export interface DownloadStream {
  stream: NodeJS.ReadableStream;
  filename: string;
  contentType: string;
  size?: number;
}

/** Where the client fetches the bytes itself (a presigned URL of the bucket), so they never pass through Node. */
export interface DownloadRedirect {
  redirect: string;
}

/**
 * Uses a link once. The link is the caller's authorisation; its user's rights are checked again,
 * as for any call, so a link outlives no permission.
 */
export async function openDownload(deps: AppDeps, token: string): Promise<DownloadStream | DownloadRedirect> {
  const link = await useDownloadLink(deps.db, hashOneTimeToken(token));
  const user = link && (await userById(deps.db, link.userId));
  if (!link || !user || user.blocked) throw AppError.notFound('Download');
  switch (link.target) {
    case 'report':
      return reportDownload(deps, user, link.targetId);
    case 'file':
      return fileDownload(deps, user, link.targetId);
    case 'component':
    case 'project':
      return zipDownload(deps, user, link.target, link.targetId);
  }
}

/** One file, after the same check and count whether its bytes stream from the disk or the client is sent to the bucket. */
async function fileDownload(deps: AppDeps, user: SessionUser, fileId: number): Promise<DownloadStream | DownloadRedirect> {
  const { file, grant } = await fileWithGrant(deps, user, fileId, 'order.read');
  await countAsFetched(deps, grant, [file]);
  const contentType = 'application/octet-stream';
  if (deps.storage.downloadUrl) return { redirect: await deps.storage.downloadUrl(file.storageKey, { filename: file.name, contentType }) };
  const opened = await deps.storage.open(file.storageKey);
  if (!opened) throw AppError.notFound('File');
  return { stream: opened.stream, filename: file.name, contentType, size: opened.size };
}

/** The documents of one component, or of the whole order, as one ZIP. */
async function zipDownload(deps: AppDeps, user: SessionUser, target: 'component' | 'project', targetId: number): Promise<DownloadStream> {
  const orderId = target === 'project' ? targetId : await orderIdOfComponent(deps.db, targetId);
  if (!orderId) throw AppError.notFound('Component');
  const grant = await authorize(deps.db, user, 'order.read', { orderId });
  const order = grantedOrder(grant);
  refuseIfDeleted(order, NO_ZIP_OF_DELETED, 'ORDER_DELETED_NO_ZIP');
  const parts = (await componentsOf(deps.db, order.id)).filter((part) => target === 'project' || part.id === targetId);
  const documents = await filesOfComponents(
    deps.db,
    parts.map((part) => part.id),
    'document',
  );
  await countAsFetched(deps, grant, documents);
  const componentName = new Map(parts.map((part) => [part.id, part.name]));
  const entries = documents.map((row) => ({ row, projectName: order.name, componentName: componentName.get(row.componentId) ?? '' }));
  const name = target === 'project' ? order.name : (parts[0]?.name ?? 'component');
  const zip = buildZip(deps, entries, settingsOf(user).projectDownloadFolderStructure);
  return { stream: zip.stream, filename: `${safeName(name)}.zip`, contentType: 'application/zip', size: zip.length };
}

/**
 * A document downloaded by the mill counts as fetched; once every document of a component was
 * fetched, an Open component becomes Downloaded. The lab fetching its own files changes nothing.
 */
async function countAsFetched(deps: AppDeps, grant: Grant, files: FileRow[]): Promise<void> {
  const order = grantedOrder(grant);
  const documents = files.filter((f) => f.kind === 'document');
  const componentIds = [...new Set(documents.map((f) => f.componentId))];
  const afterCommit = await deps.db.transaction(async (tx) => {
    // Who fetched which file, whoever it was (issue 28: a data-protection request asks exactly that).
    for (const file of files) await deps.audit.append(tx, fileAudit(grant.user, order, 'file.downloaded', file, grant));
    if (grant.role === 'lab' || documents.length === 0) return null;
    await lockDownloadCounts(tx, componentIds);
    await recordDownloads(
      tx,
      documents.map((f) => f.id),
      grant.user.id,
    );
    const complete = await componentsFullyDownloaded(tx, componentIds);
    return complete.length > 0 ? deps.events.publish(tx, 'files.downloaded', { componentIds: complete }) : null;
  });
  await afterCommit?.();
}

// ---- ZIP layout

interface ZipEntry {
  row: FileRow;
  projectName: string;
  componentName: string;
}

/** No path separators, reserved characters or control characters in a ZIP entry or file name. */
function safeName(name: string): string {
  const cleaned = [...name].map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '_' : c)).join('');
  return cleaned.slice(0, 150) || 'file';
}

/** Flat: every file at the top; hierarchical: order/component/file. Same names get a suffix. */
export function zipPaths(files: ZipEntry[], structure: 'flat' | 'hierarchical'): string[] {
  const used = new Set<string>();
  return files.map((f) => {
    const base =
      structure === 'flat' ? safeName(f.row.name) : `${safeName(f.projectName)}/${safeName(f.componentName)}/${safeName(f.row.name)}`;
    let candidate = base;
    for (let i = 2; used.has(candidate); i++) candidate = base.replace(/(\.[^./]*)?$/, (ext) => ` (${i})${ext}`);
    used.add(candidate);
    return candidate;
  });
}

/** Written while it is sent (platform/zip), each file opened in its turn; its length is known up front. */
function buildZip(deps: AppDeps, files: ZipEntry[], structure: 'flat' | 'hierarchical') {
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

// ---- The order summary report

/** A report date format is a country code (spec §9); a few map to a fuller locale. */
const LOCALES: Record<string, string> = {
  de: 'de-DE',
  en: 'en-GB',
  us: 'en-US',
  fr: 'fr-FR',
  it: 'it-IT',
  sp: 'es-ES',
  es: 'es-ES',
  pl: 'pl-PL',
};

export function formatReportDate(date: Date, reportDateFormat: string): string {
  const wanted = LOCALES[reportDateFormat] ?? reportDateFormat;
  // An unknown code falls back to the spec's default (de), not to the server's own locale.
  const locale = Intl.DateTimeFormat.supportedLocalesOf(wanted).length > 0 ? wanted : 'de-DE';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(date);
}

/** The order summary PDF: both companies with logos, the components with status and files; words and dates in the reader's language and format. */
async function reportDownload(deps: AppDeps, user: UserRow, orderId: number): Promise<DownloadStream> {
  const grant = await authorize(deps.db, user, 'order.read', { orderId });
  const order = grantedOrder(grant);
  const [parties, parts, lab, mill] = await Promise.all([
    partiesOf(deps.db, order),
    componentsOf(deps.db, order.id),
    labById(deps.db, order.labId),
    grant.mill ?? millsById(deps.db, [order.millId]).then((rows) => rows[0]),
  ]);
  const [files, companies] = await Promise.all([
    filesOfComponents(
      deps.db,
      parts.map((part) => part.id),
    ),
    companiesById(
      deps.db,
      [mill?.companyId, lab?.companyId].filter((id): id is number => id !== undefined),
    ),
  ]);
  const company = async (companyId: number | undefined, fallbackName: string): Promise<ReportCompany> => {
    const row = companyId === undefined ? undefined : companies.get(companyId);
    return {
      name: row?.name ?? fallbackName,
      street: row?.street ?? '',
      zipCode: row?.zipCode ?? '',
      city: row?.city ?? '',
      country: row?.country ?? '',
      logo: await logoBytes(deps, row?.logoPath ?? null),
    };
  };
  const fullName = (person: { firstName: string; lastName: string } | null) =>
    person ? `${person.firstName} ${person.lastName}`.trim() : null;
  const format = settingsOf(user).reportDateFormat;
  const content = orderReportContent(
    {
      order,
      mill: await company(mill?.companyId, parties.millName),
      lab: await company(lab?.companyId, parties.labName),
      author: fullName(parties.author),
      responsible: fullName(parties.responsible),
      components: parts,
      files,
      reader: `${user.firstName} ${user.lastName}`.trim(),
      printedAt: new Date(),
    },
    languageOf(user),
    (value) => formatReportDate(value, format),
  );
  return { stream: documentPdf(content), filename: `order-${order.id}.pdf`, contentType: 'application/pdf' };
}

/** A logo's bytes for the report, or null when there is none or it cannot be read: the report never fails for a logo. */
async function logoBytes(deps: AppDeps, key: string | null): Promise<Buffer | null> {
  if (!key) return null;
  try {
    const opened = await deps.storage.open(key);
    if (!opened || opened.size > deps.config.maxImageBytes) {
      opened?.stream.destroy();
      return null;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  } catch {
    return null;
  }
}

// ---- Retention (modules/file-retention): files past the mill's keep period, never of an order with an Open component

/** How many of the mill's files uploaded in [from, before) retention would delete. */
export async function countRetainedFilesOf(db: Db, millId: number, uploaded: { from: Date | null; before: Date }): Promise<number> {
  return countRetainedFiles(db, millId, uploaded.from, uploaded.before);
}

/**
 * Deletes one batch of the mill's files uploaded before `before`, their bytes queued for removal
 * in the same transaction. Call `removeQueued` with the answered keys once it committed; the
 * mill's storage usage (the sum of its file rows) is lower as soon as it did.
 */
export async function deleteRetainedFiles(
  tx: Transaction,
  millId: number,
  before: Date,
  limit: number,
): Promise<{ keys: string[]; bytes: number }> {
  const deleted = await deleteRetainedFileBatch(tx, millId, before, limit);
  const keys = deleted.map((file) => file.storageKey);
  await queueRemovals(tx, keys);
  return { keys, bytes: deleted.reduce((sum, file) => sum + file.size, 0) };
}

/** An audit entry about one file of an order: the mill's and the lab's trail; the actor's tenant by its role there. */
function fileAudit(user: SessionUser, order: OrderRow, action: string, file: FileRow, grant?: Grant): AuditEntry {
  const asLab = grant ? grant.role === 'lab' : user.roleType === 'lab';
  const tenant = asLab ? { kind: 'lab' as const, id: order.labId } : { kind: 'mill' as const, id: order.millId };
  const after = { name: file.name, kind: file.kind, size: file.size, componentId: file.componentId };
  return {
    actor: { userId: user.id, tenant, ip: user.ip },
    action,
    object: { kind: 'file', id: file.id },
    after,
    scope: { millId: order.millId, labId: order.labId },
  };
}

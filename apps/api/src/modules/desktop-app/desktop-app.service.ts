import type { Readable } from 'node:stream';
import {
  desktopAppDetailsSchema,
  type DesktopAppRelease,
  type DesktopAppResponse,
  type DesktopAppUpdate,
} from '@casebridge/shared/schemas/desktop-app';
import type { AppDeps } from '../../deps.ts';
import { authorize } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import { AppError } from '../../lib/app-error.ts';
import { useFileForm, type FileFormReader } from '../../lib/multipart-form.ts';
import { queueRemovals, removeQueued } from '../../platform/storage/removals.ts';
import { findDesktopApp, lockDesktopApp, saveDesktopApp, type DesktopAppRow, type DesktopAppValues } from './desktop-app.repository.ts';

/**
 * The desktop app the portal offers (issue 24 item 9). The manager sets it: an external https link
 * or an installer uploaded to the portal, with a version and release notes. Anyone may download it,
 * as on the spec's public /desktop-app page, so the installer address needs no token at all.
 */
export const INSTALLER_PATH = '/api/desktop-app/installer';

function toRelease(row: DesktopAppRow): DesktopAppRelease {
  return {
    version: row.version,
    releaseNotes: row.releaseNotes,
    kind: row.fileKey ? 'file' : 'link',
    url: row.fileKey ? INSTALLER_PATH : row.url!,
    fileName: row.fileName,
    fileSize: row.fileSize,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A link given by DESKTOP_APP_URL is offered until the manager sets the desktop app in the portal. */
function configuredLink(deps: AppDeps): DesktopAppRelease | null {
  const url = deps.config.desktopAppUrl;
  return url
    ? { version: '', releaseNotes: '', kind: 'link', url, fileName: null, fileSize: null, updatedAt: new Date(0).toISOString() }
    : null;
}

/** Public: the release on offer, or null; never a 404, so showing it logs no failed request. */
export async function currentDesktopApp(deps: AppDeps): Promise<DesktopAppResponse> {
  const row = await findDesktopApp(deps.db);
  return { release: row ? toRelease(row) : configuredLink(deps) };
}

/** Whether there is anything to download (a new mill's onboarding checklist). */
export async function desktopAppAvailable(deps: AppDeps): Promise<boolean> {
  return (await currentDesktopApp(deps)).release !== null;
}

/**
 * Public: the uploaded installer's bytes, or with a bucket a presigned URL to them (they never pass
 * through Node); "App is not available" when the portal holds none.
 */
export async function openInstaller(deps: AppDeps): Promise<{ stream: Readable; size: number; fileName: string } | { redirect: string }> {
  const row = await findDesktopApp(deps.db);
  if (row?.fileKey && deps.storage.downloadUrl) {
    const filename = row.fileName ?? 'casebridge-setup';
    return { redirect: await deps.storage.downloadUrl(row.fileKey, { filename, contentType: 'application/octet-stream' }) };
  }
  const opened = row?.fileKey ? await deps.storage.open(row.fileKey) : null;
  if (!row || !opened) throw new AppError(404, 'APP_NOT_AVAILABLE', 'App is not available');
  return { ...opened, fileName: row.fileName ?? 'casebridge-setup' };
}

/**
 * Saves the release in one locked transaction; an installer it replaces is queued for removal
 * there and removed once the change committed, so no row ever names missing bytes.
 */
async function replaceRelease(deps: AppDeps, values: (current: DesktopAppRow | null) => DesktopAppValues): Promise<DesktopAppResponse> {
  const { row, dropped } = await deps.db.transaction(async (tx) => {
    const current = await lockDesktopApp(tx);
    const saved = await saveDesktopApp(tx, values(current));
    const old = current?.fileKey && current.fileKey !== saved.fileKey ? [current.fileKey] : [];
    await queueRemovals(tx, old);
    return { row: saved, dropped: old };
  });
  if (dropped.length > 0) await removeQueued(deps.db, deps.storage, dropped);
  return { release: toRelease(row) };
}

/** The manager sets a link, or (without one) changes the version and notes of the current download. */
export async function updateDesktopApp(deps: AppDeps, user: SessionUser, body: DesktopAppUpdate): Promise<DesktopAppResponse> {
  await authorize(deps.db, user, 'desktopApp.manage', {});
  const details = { version: body.version, releaseNotes: body.releaseNotes, updatedBy: user.id };
  return replaceRelease(deps, (current) => {
    if (body.url) return { ...details, url: body.url };
    if (!current) throw AppError.fields({ url: ['FILE_REQUIRED'] }, 'Give a link or upload an installer first');
    return { ...details, url: current.url, fileKey: current.fileKey, fileName: current.fileName, fileSize: current.fileSize };
  });
}

/** The manager uploads an installer; the form is read only after the access check, so nothing is stored for anyone else. */
export async function uploadDesktopInstaller(deps: AppDeps, user: SessionUser, readForm: FileFormReader): Promise<DesktopAppResponse> {
  await authorize(deps.db, user, 'desktopApp.manage', {});
  return useFileForm(deps.storage, readForm, desktopAppDetailsSchema, 'Choose the installer file', (details, file) =>
    replaceRelease(deps, () => ({ ...details, updatedBy: user.id, fileKey: file.key, fileName: file.name, fileSize: file.size })),
  );
}

/**
 * The data export's ZIP (issue 28 part 4): everything the portal holds about one user, as JSON files
 * and a README, built by the `data-export.build` job and stored through platform storage (disk or
 * bucket alike). Order files are listed, not copied: see EXPORT_FILES['files.json'] for why.
 */
import { Readable } from 'node:stream';
import type { AppDeps } from '../../deps.ts';
import { auditEntriesByActor } from '../../platform/audit/audit-trail.ts';
import type { StoredObject } from '../../platform/storage/storage.ts';
import { storedZip, type ZipEntry } from '../../platform/zip/stored-zip.ts';
import { companiesById, companyById, labOfCompany } from '../companies/companies.queries.ts';
import { dealerOfUser } from '../dealers/dealers.queries.ts';
import { messagesWrittenBy } from '../messages/messages.queries.ts';
import { millMembershipsOf } from '../mill-users/mill-users.queries.ts';
import { millsById } from '../mills/mills.queries.ts';
import { notificationsOf } from '../notifications/notifications.queries.ts';
import { filesUploadedBy } from '../order-files/order-files.queries.ts';
import { hasSecondFactor } from '../two-factor/two-factor.service.ts';
import { sessionHistoryOf } from '../user-sessions/user-sessions.queries.ts';
import { languageOf, settingsOf } from '../users/users.queries.ts';
import type { UserRow } from '../users/users.service.ts';
import { EXPORT_FILES, MAX_EXPORT_BYTES, readmeText, type ExportFileName } from './personal-data.rules.ts';

type User = UserRow;

async function profileOf(deps: AppDeps, user: User) {
  const company = await companyById(deps.db, user.companyId);
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    language: languageOf(user),
    role: user.roleType,
    company: company && { id: company.id, name: company.name },
    hasPicture: user.avatarPath !== null,
    confirmed: user.confirmed,
    blocked: user.blocked,
    promotionsOptOut: user.promotionsOptOut,
    secondFactor: await hasSecondFactor(deps.db, user.id),
    createdAt: user.createdAt,
  };
}

async function membershipsOf(deps: AppDeps, user: User) {
  const memberships = await millMembershipsOf(deps.db, user.id);
  const mills = await millsById(
    deps.db,
    memberships.map((m) => m.millId),
  );
  const names = await companiesById(
    deps.db,
    mills.map((mill) => mill.companyId),
  );
  const millName = (millId: number) => names.get(mills.find((mill) => mill.id === millId)?.companyId ?? -1)?.name ?? null;
  const lab = user.roleType === 'lab' ? await labOfCompany(deps.db, user.companyId) : null;
  const dealer = await dealerOfUser(deps.db, user.id);
  return {
    mills: memberships.map((m) => ({ millId: m.millId, millName: millName(m.millId), role: m.millRole })),
    lab: lab && { labId: lab.id, companyId: user.companyId },
    dealer: dealer && { dealerId: dealer.id, role: dealer.dealerRole },
  };
}

async function sessionsOf(deps: AppDeps, userId: number) {
  return (await sessionHistoryOf(deps.db, userId)).map(({ id, device, ip, method, createdAt, lastSeenAt, expiresAt, endedAt }) => ({
    id,
    device,
    ip,
    method,
    createdAt,
    lastSeenAt,
    expiresAt,
    endedAt,
  }));
}

async function auditOf(deps: AppDeps, userId: number) {
  return (await auditEntriesByActor(deps.db, userId)).map((entry) => ({
    id: entry.id,
    at: entry.at,
    action: entry.action,
    onBehalfOf: entry.actorTenantKind && { kind: entry.actorTenantKind, id: entry.actorTenantId },
    object: { kind: entry.objectKind, id: entry.objectId },
    ip: entry.ip,
    before: entry.before,
    after: entry.after,
  }));
}

/** Every JSON file of the export, by name (the README's list). */
export async function exportContents(deps: AppDeps, user: User): Promise<Record<ExportFileName, unknown>> {
  return {
    'profile.json': await profileOf(deps, user),
    'settings.json': settingsOf(user),
    'memberships.json': await membershipsOf(deps, user),
    'sessions.json': await sessionsOf(deps, user.id),
    'messages.json': await messagesWrittenBy(deps.db, user.id),
    'notifications.json': (await notificationsOf(deps.db, user.id)).map(({ id, millId, type, message, isRead, createdAt }) => ({
      id,
      millId,
      type,
      message,
      isRead,
      createdAt,
    })),
    'audit-entries.json': await auditOf(deps, user.id),
    'files.json': await filesUploadedBy(deps.db, user.id),
  };
}

/** The ZIP written into storage; its entries are small JSON documents, held in memory while it streams. */
export async function storeExportZip(deps: AppDeps, user: User, now = new Date()): Promise<StoredObject> {
  const contents = await exportContents(deps, user);
  const documents: [string, Buffer][] = [
    ['README.txt', Buffer.from(readmeText(now, user.id), 'utf8')],
    ...(Object.keys(EXPORT_FILES) as ExportFileName[]).map((name): [string, Buffer] => [
      name,
      Buffer.from(`${JSON.stringify(contents[name], null, 2)}\n`, 'utf8'),
    ]),
  ];
  const entries: ZipEntry[] = documents.map(([name, bytes]) => ({
    name: `casebridge-data/${name}`,
    size: bytes.length,
    mtime: now,
    open: () => Promise.resolve(Readable.from([bytes])),
  }));
  return deps.storage.put('data-exports', storedZip(entries).stream, MAX_EXPORT_BYTES);
}

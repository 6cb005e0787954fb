import type { LicenceKey, LicenceKeyTicketExpiry } from '@casebridge/shared/schemas/licence-keys';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { authorize } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import { AppError } from '../../lib/app-error.ts';
import { unlessDuplicate } from '../../lib/db-errors.ts';
import type { AuditEntry } from '../../platform/audit/audit-trail.ts';
import {
  countKeys,
  deleteKey,
  findKey,
  insertKey,
  listKeys,
  setDataCollection,
  type KeyTicketRow,
  type LicenceKeyListQuery,
  type LicenceKeyRow,
} from './licence-keys.repository.ts';

declare module '../../platform/events/domain-events.ts' {
  interface DomainEvents {
    /** The mill withdrew its consent to usage data for a key: what was stored about its machines must go. */
    'licenceKey.consentWithdrawn': { licenceKeyId: number };
  }
}

/**
 * Licence keys of the desktop software, each registered by one mill with its data-collection
 * consent. Only the mill's admins manage them (rule book: licenceKeys.*).
 */
function toDto(row: LicenceKeyRow): LicenceKey {
  return { id: row.id, licenseKey: row.key, enableDataCollection: row.enableDataCollection, createdAt: row.createdAt.toISOString() };
}

/** The ticket's expiry in the ticket desk's terms (licence-tickets service: dashes, EXPIRED, days left). */
function toTicketExpiry(ticket: KeyTicketRow | null): LicenceKeyTicketExpiry | null {
  if (!ticket) return null;
  const status = ticket.expiryInDays === null ? 'unlimited' : ticket.expiryInDays < 0 ? 'expired' : 'active';
  return { status, expiryInDays: ticket.expiryInDays, licenceExpiry: ticket.licenceExpiry };
}

export async function listLicenceKeys(
  deps: AppDeps,
  user: SessionUser,
  millId: number,
  query: LicenceKeyListQuery,
): Promise<{ count: number; data: LicenceKey[] }> {
  await authorize(deps.db, user, 'licenceKeys.read', { millId });
  const { count, rows } = await listKeys(deps.db, millId, { ...query, key: query.key?.toUpperCase() });
  return { count, data: rows.map((row) => ({ ...toDto(row), ticketExpiry: toTicketExpiry(row.ticket) })) };
}

export async function addLicenceKey(
  deps: AppDeps,
  user: SessionUser,
  input: { millId: number; licenseKey: string; enableDataCollection: boolean },
): Promise<LicenceKey> {
  await authorize(deps.db, user, 'licenceKeys.manage', { millId: input.millId });
  // One key, one mill: whoever holds it, the answer does not say.
  const row = await unlessDuplicate(
    () =>
      deps.db.transaction(async (tx) => {
        const added = await insertKey(tx, {
          millId: input.millId,
          key: input.licenseKey,
          enableDataCollection: input.enableDataCollection,
        });
        await deps.audit.append(tx, keyAudit(user, added, 'licenceKey.added', null, { enableDataCollection: added.enableDataCollection }));
        return added;
      }),
    () => AppError.fields({ licenseKey: ['LICENCE_KEY_TAKEN'] }, 'This licence key is already registered'),
  );
  return toDto(row);
}

export async function setLicenceKeyDataCollection(
  deps: AppDeps,
  user: SessionUser,
  id: number,
  enableDataCollection: boolean,
): Promise<LicenceKey> {
  const key = await manageableKey(deps, user, id);
  // Consent withdrawn: what was stored about the key's machines goes in the same transaction. The
  // update takes the key's row lock, which a ping's `for share` waits for (usage.repository.ts),
  // so no ping read under the old consent can store a machine after this delete.
  const changed = await deps.db.transaction(async (tx) => {
    const row = await setDataCollection(tx, key.id, enableDataCollection);
    if (!enableDataCollection) await deps.events.publish(tx, 'licenceKey.consentWithdrawn', { licenceKeyId: key.id });
    const consent = (value: boolean) => ({ enableDataCollection: value });
    const action = enableDataCollection ? 'licenceKey.consent.given' : 'licenceKey.consent.withdrawn';
    if (key.enableDataCollection !== enableDataCollection)
      await deps.audit.append(tx, keyAudit(user, key, action, consent(key.enableDataCollection), consent(enableDataCollection)));
    return row;
  });
  return toDto(changed);
}

export async function removeLicenceKey(deps: AppDeps, user: SessionUser, id: number): Promise<void> {
  const key = await manageableKey(deps, user, id);
  await deps.db.transaction(async (tx) => {
    await deleteKey(tx, key.id);
    await deps.audit.append(tx, keyAudit(user, key, 'licenceKey.removed', { enableDataCollection: key.enableDataCollection }, null));
  });
}

/**
 * An audit entry of a mill admin about one of the mill's licence keys (issue 28: licence keys and
 * consent). The key itself opens the licence content, so the trail keeps only its last characters.
 */
function keyAudit(
  user: SessionUser,
  key: LicenceKeyRow,
  action: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditEntry {
  const actor = { userId: user.id, tenant: { kind: 'mill' as const, id: key.millId }, ip: user.ip };
  const named = (fields: Record<string, unknown> | null) => fields && { keyEnd: key.key.slice(-4), ...fields };
  return {
    actor,
    action,
    object: { kind: 'licenceKey', id: key.id },
    before: named(before),
    after: named(after),
    scope: { millId: key.millId },
  };
}

/**
 * A key is addressed by its own id, so its mill is known only once it is read: the rule book then
 * decides on that mill. Another tenant's key answers exactly like a missing key, never "mill not
 * found", so the answer does not tell that the key exists.
 */
async function manageableKey(deps: AppDeps, user: SessionUser, id: number): Promise<LicenceKeyRow> {
  const key = await findKey(deps.db, id);
  if (!key) throw AppError.notFound('Licence key');
  try {
    await authorize(deps.db, user, 'licenceKeys.manage', { millId: key.millId });
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) throw AppError.notFound('Licence key');
    throw error;
  }
  return key;
}

/** For the mill's onboarding checklist (mills service): whether the mill registered any key. */
export async function licenceKeyCount(db: Db, millId: number): Promise<number> {
  return countKeys(db, millId);
}

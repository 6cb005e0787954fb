import type { Client } from '@casebridge/shared/schemas/clients';
import type { AppDeps } from '../../deps.ts';
import type { AuditEntry } from '../../platform/audit/audit-trail.ts';
import type { Db } from '../../db/client.ts';
import { authorize } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import { AppError } from '../../lib/app-error.ts';
import { deletePlaceholderAccount } from '../users/users.service.ts';
import { userById } from '../users/users.queries.ts';
import {
  activationMessageOf,
  confirmRelation,
  countClients,
  countRelationsOfUser,
  deleteClient,
  findClient,
  findRelation,
  listClientPage,
  setBlockedByMill,
  upsertRelation,
  type ClientListQuery,
  type ClientRelationRow,
  type RelationInput,
} from './clients.repository.ts';

export type { ClientListQuery, ClientRelationRow, RelationInput };

/** The mill's clients (labs): its staff see them, admins and plain users alike manage them (rule book: clients.*). */
export async function listClients(
  deps: AppDeps,
  user: SessionUser,
  millId: number,
  query: ClientListQuery,
): Promise<{ count: number; data: Client[] }> {
  await authorize(deps.db, user, 'clients.read', { millId });
  return listClientPage(deps.db, millId, query);
}

export async function getClient(deps: AppDeps, user: SessionUser, millId: number, userId: number): Promise<Client> {
  await authorize(deps.db, user, 'clients.read', { millId });
  return clientOrNotFound(deps.db, millId, userId);
}

/** Another mill's client, or none, answers 404 through this mill. */
export async function clientOrNotFound(db: Db, millId: number, userId: number): Promise<Client> {
  const client = await findClient(db, millId, userId);
  if (!client) throw AppError.notFound('Client');
  return client;
}

/** What the mill can pass on to its lab by other channels (phone, its own mail). */
export async function activationInstructions(deps: AppDeps, user: SessionUser, millId: number, userId: number): Promise<string> {
  await authorize(deps.db, user, 'clients.read', { millId });
  const client = await clientOrNotFound(deps.db, millId, userId);
  const personal = await activationMessageOf(deps.db, millId, client.labId);
  const landing = `${deps.config.publicUrl}/${millId}`;
  return [
    personal,
    `We sent an invitation to ${client.email}. The link in it is valid for 7 days.`,
    `Open it, then create your account (or connect this mill to the account you already have).`,
    `Our page on CaseBridge: ${landing}`,
  ]
    .filter(Boolean)
    .join('\n\n');
}

export async function updateBlockStatus(deps: AppDeps, user: SessionUser, millId: number, userId: number, blocked: boolean) {
  await authorize(deps.db, user, 'clients.manage', { millId });
  const client = await clientOrNotFound(deps.db, millId, userId);
  if (!client.confirmed) throw new AppError(409, 'CLIENT_NOT_CONFIRMED', 'Only a client who accepted the invitation can be blocked');
  if (client.blockedBySystem && !blocked) {
    throw new AppError(409, 'CLIENT_BLOCKED_BY_SYSTEM', 'This client was blocked by the system administrator. Please contact your admin.');
  }
  await deps.db.transaction(async (tx) => {
    await setBlockedByMill(tx, millId, client.labId, blocked);
    const change = [{ blockedByMill: client.blockedByMill }, { blockedByMill: blocked }] as const;
    await deps.audit.append(tx, clientAudit(user, millId, client.labId, blocked ? 'client.blocked' : 'client.unblocked', ...change));
  });
  return { userId, blockedByMill: blocked };
}

/**
 * The lab stops being a client; its account, past orders and files stay. An invitation nobody
 * accepted leaves nothing behind, so the address can be invited afresh.
 */
export async function removeClient(deps: AppDeps, user: SessionUser, millId: number, userId: number): Promise<void> {
  await authorize(deps.db, user, 'clients.manage', { millId });
  const client = await clientOrNotFound(deps.db, millId, userId);
  await deps.db.transaction(async (tx) => {
    await deleteClient(tx, millId, client.labId);
    // Removing a client who never accepted withdraws the invitation.
    const action = client.confirmed ? 'client.removed' : 'client.invitation.withdrawn';
    await deps.audit.append(tx, clientAudit(user, millId, client.labId, action, { email: client.email }, null));
    const invited = await userById(tx, userId);
    if (!invited || invited.confirmed) return;
    if ((await countRelationsOfUser(tx, userId)) === 0) await deletePlaceholderAccount(tx, invited);
  });
}

/** An audit entry of the mill's staff about a client lab: the mill's and the lab's trail. */
function clientAudit(
  user: SessionUser,
  millId: number,
  labId: number,
  action: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditEntry {
  const actor = { userId: user.id, tenant: { kind: 'mill' as const, id: millId }, ip: user.ip };
  return { actor, action, object: { kind: 'lab', id: labId }, before, after, scope: { millId, labId } };
}

// For other features (`db` may be a transaction).

/** The onboarding checklist (mills): whether the mill invited anyone yet. */
export async function clientCount(db: Db, millId: number): Promise<number> {
  return countClients(db, millId);
}

/** Invitations: the relation between a mill and a lab, if any. */
export async function clientRelation(db: Db, millId: number, labId: number): Promise<ClientRelationRow | null> {
  return findRelation(db, millId, labId);
}

/** Invitations: an invited (unconfirmed) or accepted client; one relation per mill and lab. */
export async function saveClientRelation(db: Db, input: RelationInput): Promise<void> {
  await upsertRelation(db, input);
}

/** Invitations: the lab accepted. */
export async function confirmClientRelation(db: Db, millId: number, labId: number): Promise<void> {
  await confirmRelation(db, millId, labId);
}

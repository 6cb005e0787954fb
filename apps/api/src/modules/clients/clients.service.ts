import { count, eq } from 'drizzle-orm';
import type { Client } from '@casebridge/shared/schemas/clients';
import type { Language } from '@casebridge/shared/constants/languages';
import type { AppDeps } from '../../deps.ts';
import { millClients } from '../../db/schema/labs.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MillAccess } from '../../lib/mill-access.ts';
import { findUserById } from '../auth/auth.repository.ts';
import { revokeTokens } from '../auth/one-time-token.repository.ts';
import { deletePlaceholderLab } from '../invitations/invitations.repository.ts';
import { inviteLab, sendInvitation, type InviteLabInput } from '../invitations/invitations.service.ts';
import { activationMessageOf, deleteClient, findClient, setBlockedByMill } from './clients.repository.ts';

async function clientOrNotFound(deps: AppDeps, millId: number, userId: number): Promise<Client> {
  const client = await findClient(deps.db, millId, userId);
  if (!client) throw AppError.notFound('Client');
  return client;
}

export async function addClient(deps: AppDeps, access: MillAccess, input: InviteLabInput, language: Language) {
  const result = await inviteLab(deps, access.millId, input, language);
  return { user: await clientOrNotFound(deps, access.millId, result.userId), confirmed: result.confirmed };
}

/** What the mill can pass on to its lab by other channels (phone, its own mail). */
export async function activationInstructions(deps: AppDeps, access: MillAccess, userId: number): Promise<string> {
  const client = await clientOrNotFound(deps, access.millId, userId);
  const personal = await activationMessageOf(deps.db, access.millId, client.labId);
  const landing = `${deps.config.publicUrl}/${access.millId}`;
  return [
    personal,
    `We sent an invitation to ${client.email}. The link in it is valid for 7 days.`,
    `Open it, then create your account (or connect this mill to the account you already have).`,
    `Our page on CaseBridge: ${landing}`,
  ]
    .filter(Boolean)
    .join('\n\n');
}

export async function resendInvitation(deps: AppDeps, access: MillAccess, userId: number, language: Language): Promise<void> {
  const client = await clientOrNotFound(deps, access.millId, userId);
  if (client.confirmed) throw new AppError(409, 'CONFLICT', 'This client has already accepted the invitation');
  const invited = await findUserById(deps.db, userId);
  if (!invited) throw AppError.notFound('Client');
  // Only the newest link works: a forwarded old mail cannot be used any more.
  await revokeTokens(deps.db, invited.id, 'invitation');
  await sendInvitation(deps, invited, access.millId, language);
}

export async function updateBlockStatus(deps: AppDeps, access: MillAccess, userId: number, blocked: boolean) {
  const client = await clientOrNotFound(deps, access.millId, userId);
  if (!client.confirmed) throw new AppError(409, 'CONFLICT', 'Only a client who accepted the invitation can be blocked');
  if (client.blockedBySystem && !blocked) {
    throw new AppError(409, 'CONFLICT', 'This client was blocked by the system administrator. Please contact your admin.');
  }
  await setBlockedByMill(deps.db, access.millId, client.labId, blocked);
  return { userId, blockedByMill: blocked };
}

/**
 * The lab stops being a client; its account, past orders and files stay. An invitation nobody
 * accepted leaves nothing behind, so the address can be invited afresh.
 */
export async function removeClient(deps: AppDeps, access: MillAccess, userId: number): Promise<void> {
  const client = await clientOrNotFound(deps, access.millId, userId);
  await deps.db.transaction(async (tx) => {
    await deleteClient(tx, access.millId, client.labId);
    const invited = await findUserById(tx, userId);
    if (!invited || invited.confirmed) return;
    const [left] = await tx.select({ n: count() }).from(millClients).where(eq(millClients.userId, userId));
    if ((left?.n ?? 0) === 0) await deletePlaceholderLab(tx, invited);
  });
}

export { clientOrNotFound };

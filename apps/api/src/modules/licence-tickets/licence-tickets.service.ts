import type { Db } from '../../db/client.ts';
import { lockTicketByKey, setTicketUsed } from './licence-tickets.repository.ts';

/**
 * Licence tickets (DESIGN §1): keys of the desktop software that dealers hand out. No routes yet;
 * today an unused ticket is the activation key of a sign-up (modules/auth). The dealer area will
 * add import, listing and assignment here.
 */
export interface SignUpTicket {
  id: number;
  /** Already created a mill: the key cannot be used again. */
  used: boolean;
}

/**
 * The ticket of an activation key, locked until the caller's transaction ends: a second sign-up
 * with the same key waits, then sees it used. Null for an unknown key.
 */
export async function lockTicketForSignUp(tx: Db, key: string): Promise<SignUpTicket | null> {
  const ticket = await lockTicketByKey(tx, key);
  return ticket ? { id: ticket.id, used: ticket.usedByMillId !== null } : null;
}

/** Records which mill the ticket created, in the sign-up's transaction. */
export async function markTicketUsed(tx: Db, ticketId: number, millId: number): Promise<void> {
  await setTicketUsed(tx, ticketId, millId);
}

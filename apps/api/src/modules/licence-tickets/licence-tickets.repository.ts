import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { licenceTickets } from '../../db/schema/dealers.ts';

/** The licence_tickets table: tickets of the desktop software; an unused one is an activation key. */
export type LicenceTicketRow = typeof licenceTickets.$inferSelect;

/** Locks the ticket row for the rest of the transaction, so concurrent sign-ups with one key queue up. */
export async function lockTicketByKey(db: Db, key: string): Promise<LicenceTicketRow | null> {
  const [ticket] = await db.select().from(licenceTickets).where(eq(licenceTickets.key, key)).for('update');
  return ticket ?? null;
}

export async function setTicketUsed(db: Db, ticketId: number, millId: number): Promise<void> {
  await db.update(licenceTickets).set({ usedByMillId: millId, usedAt: sql`now()` }).where(eq(licenceTickets.id, ticketId));
}

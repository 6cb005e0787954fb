import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies } from '../../db/schema/companies.ts';
import { licenceTickets } from '../../db/schema/dealers.ts';
import { millMembers, mills } from '../../db/schema/mills.ts';
import { users } from '../../db/schema/users.ts';
import type { UserRow } from '../../lib/current-user.ts';

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user ?? null;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user ?? null;
}

/** Locks the ticket row for the rest of the transaction, so one key creates one mill. */
export async function lockTicket(db: Db, key: string) {
  const [ticket] = await db.select().from(licenceTickets).where(eq(licenceTickets.key, key)).for('update');
  return ticket ?? null;
}

export interface NewMillAccount {
  firstName: string;
  lastName: string;
  email: string;
  passwordHash: string;
  language: string;
  promotionsOptOut: boolean;
  ticketId: number;
}

/** Sign-up with an activation key: a company, its mill on the basic plan, and the signer as its admin. */
export async function createMillAccount(tx: Db, input: NewMillAccount): Promise<UserRow> {
  const [company] = await tx
    .insert(companies)
    .values({ name: `${input.firstName} ${input.lastName}`, email: input.email })
    .returning();
  const [mill] = await tx.insert(mills).values({ companyId: company!.id, plan: 'basic' }).returning();
  const [user] = await tx
    .insert(users)
    .values({
      email: input.email,
      passwordHash: input.passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      roleType: 'mill',
      companyId: company!.id,
      language: input.language,
      promotionsOptOut: input.promotionsOptOut,
      confirmed: false,
    })
    .returning();
  await tx.insert(millMembers).values({ millId: mill!.id, userId: user!.id, millRole: 'admin' });
  await tx.update(licenceTickets).set({ usedByMillId: mill!.id, usedAt: sql`now()` }).where(eq(licenceTickets.id, input.ticketId));
  return user!;
}

export async function setPassword(db: Db, userId: number, passwordHash: string): Promise<UserRow> {
  const [user] = await db
    .update(users)
    .set({ passwordHash, confirmed: true, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId))
    .returning();
  return user!;
}

export async function markConfirmed(db: Db, userId: number): Promise<UserRow> {
  const [user] = await db.update(users).set({ confirmed: true }).where(eq(users.id, userId)).returning();
  return user!;
}

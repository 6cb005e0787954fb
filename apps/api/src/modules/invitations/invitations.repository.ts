import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies } from '../../db/schema/companies.ts';
import { labs, millClients } from '../../db/schema/labs.ts';
import { users } from '../../db/schema/users.ts';
import type { UserRow } from '../../lib/current-user.ts';

export async function labOfCompany(db: Db, companyId: number | null) {
  if (companyId === null) return null;
  const [lab] = await db.select().from(labs).where(eq(labs.companyId, companyId));
  return lab ?? null;
}

/** An invited lab before it accepted: a user without password, with its own company and lab. */
export async function createInvitedLab(
  tx: Db,
  input: { firstName: string; lastName: string; email: string; language: string },
): Promise<{ user: UserRow; labId: number }> {
  const [company] = await tx.insert(companies).values({ name: '', email: input.email }).returning();
  const [lab] = await tx.insert(labs).values({ companyId: company!.id }).returning();
  const [user] = await tx
    .insert(users)
    .values({ ...input, roleType: 'lab', companyId: company!.id, confirmed: false })
    .returning();
  return { user: user!, labId: lab!.id };
}

export async function upsertClient(
  db: Db,
  input: { millId: number; labId: number; userId: number; confirmed: boolean; activationMessage?: string },
): Promise<void> {
  await db
    .insert(millClients)
    .values({ ...input, activationMessage: input.activationMessage ?? '' })
    .onConflictDoUpdate({
      target: [millClients.millId, millClients.labId],
      set: { confirmed: input.confirmed, userId: input.userId },
    });
}

export async function confirmClient(db: Db, millId: number, labId: number): Promise<void> {
  await db.update(millClients).set({ confirmed: true }).where(and(eq(millClients.millId, millId), eq(millClients.labId, labId)));
}

/** The placeholder of an invitation that was accepted by another, existing account goes away whole. */
export async function deletePlaceholderLab(db: Db, user: UserRow): Promise<void> {
  await db.delete(users).where(eq(users.id, user.id));
  if (user.companyId === null) return;
  await db.delete(labs).where(eq(labs.companyId, user.companyId));
  await db.delete(companies).where(eq(companies.id, user.companyId));
}

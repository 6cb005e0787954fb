import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Language } from '@casebridge/shared/constants/languages';
import type { MillRole } from '@casebridge/shared/constants/roles';
import type { MillUser } from '@casebridge/shared/schemas/mill-users';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { millMembers } from '../../db/schema/mills.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MillAccess } from '../../lib/mill-access.ts';
import { findUserByEmail } from '../auth/auth.repository.ts';
import { revokeTokens } from '../auth/one-time-token.repository.ts';
import { sendInvitation } from '../invitations/invitations.service.ts';

export interface MillUserListQuery {
  start: number;
  limit: number;
  sort: { field: 'created_at' | 'firstName' | 'lastName' | 'email' | 'millRole'; direction: 'asc' | 'desc' };
  search?: string;
  millRole?: MillRole;
}

const SORT = { created_at: millMembers.createdAt, firstName: users.firstName, lastName: users.lastName, email: users.email, millRole: millMembers.millRole } as const;
const columns = { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, millRole: millMembers.millRole, confirmed: users.confirmed };

export async function listMillUsers(db: Db, millId: number, query: MillUserListQuery): Promise<{ count: number; data: MillUser[] }> {
  const conditions: (SQL | undefined)[] = [eq(millMembers.millId, millId)];
  if (query.millRole) conditions.push(eq(millMembers.millRole, query.millRole));
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(users.firstName, pattern), ilike(users.lastName, pattern), ilike(users.email, pattern)));
  }
  const where = and(...conditions);
  const order = query.sort.direction === 'asc' ? asc(SORT[query.sort.field]) : desc(SORT[query.sort.field]);
  const [data, [total]] = await Promise.all([
    db.select(columns).from(millMembers).innerJoin(users, eq(users.id, millMembers.userId)).where(where).orderBy(order, asc(users.id)).limit(query.limit).offset(query.start),
    db.select({ n: count() }).from(millMembers).innerJoin(users, eq(users.id, millMembers.userId)).where(where),
  ]);
  return { count: total?.n ?? 0, data };
}

async function memberOrNotFound(db: Db, millId: number, userId: number): Promise<MillUser> {
  const [row] = await db.select(columns).from(millMembers).innerJoin(users, eq(users.id, millMembers.userId)).where(and(eq(millMembers.millId, millId), eq(millMembers.userId, userId)));
  if (!row) throw AppError.notFound('User');
  return row;
}

function notOwnRow(access: MillAccess, userId: number): void {
  if (access.user.id === userId) throw AppError.forbidden('You cannot change or delete your own user here; use your account page.');
}

export interface MillUserInput {
  firstName: string;
  lastName: string;
  email: string;
  millRole: MillRole;
}

/**
 * A new address gets an account without password and an invitation to choose one; a person
 * already working for another mill simply joins this one too (the mill selector).
 */
export async function addMillUser(deps: AppDeps, access: MillAccess, input: MillUserInput, language: Language): Promise<MillUser> {
  const existing = await findUserByEmail(deps.db, input.email);
  if (existing && existing.roleType !== 'mill') throw AppError.fields({ email: ['EMAIL_TAKEN'] });
  if (existing) {
    const inserted = await deps.db.insert(millMembers).values({ millId: access.millId, userId: existing.id, millRole: input.millRole }).onConflictDoNothing().returning();
    if (inserted.length === 0) throw AppError.fields({ email: ['EMAIL_TAKEN'] }, 'This person is already a user of the mill');
    return memberOrNotFound(deps.db, access.millId, existing.id);
  }
  const user = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ email: input.email, firstName: input.firstName, lastName: input.lastName, roleType: 'mill', companyId: access.user.companyId, language, confirmed: false })
      .returning();
    await tx.insert(millMembers).values({ millId: access.millId, userId: created!.id, millRole: input.millRole });
    return created!;
  });
  await sendInvitation(deps, user, access.millId, language);
  return memberOrNotFound(deps.db, access.millId, user.id);
}

/** Names and role; the address only while the person has not accepted (then it is theirs to change). */
export async function updateMillUser(deps: AppDeps, access: MillAccess, userId: number, input: MillUserInput, language: Language): Promise<MillUser> {
  notOwnRow(access, userId);
  const member = await memberOrNotFound(deps.db, access.millId, userId);
  const emailChanged = input.email !== member.email;
  if (emailChanged && member.confirmed) throw AppError.fields({ email: ['FORBIDDEN'] }, 'Only the user can change their own address once they accepted');
  if (emailChanged && (await findUserByEmail(deps.db, input.email))) throw AppError.fields({ email: ['EMAIL_TAKEN'] });
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ firstName: input.firstName, lastName: input.lastName, email: input.email }).where(eq(users.id, userId));
    await tx.update(millMembers).set({ millRole: input.millRole }).where(and(eq(millMembers.millId, access.millId), eq(millMembers.userId, userId)));
  });
  if (emailChanged) {
    const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
    await revokeTokens(deps.db, userId, 'invitation');
    await sendInvitation(deps, user!, access.millId, language);
  }
  return memberOrNotFound(deps.db, access.millId, userId);
}

/**
 * Removes the person from this mill. Someone who belongs to no mill any more is blocked rather
 * than deleted, so what they authored keeps its author; a never-accepted invitation is deleted.
 */
export async function removeMillUser(deps: AppDeps, access: MillAccess, userId: number): Promise<void> {
  notOwnRow(access, userId);
  const member = await memberOrNotFound(deps.db, access.millId, userId);
  await deps.db.transaction(async (tx) => {
    await tx.delete(millMembers).where(and(eq(millMembers.millId, access.millId), eq(millMembers.userId, userId)));
    const [left] = await tx.select({ n: count() }).from(millMembers).where(eq(millMembers.userId, userId));
    if ((left?.n ?? 0) > 0) return;
    if (!member.confirmed) await tx.delete(users).where(eq(users.id, userId));
    else await tx.update(users).set({ blocked: true, tokenVersion: sql`${users.tokenVersion} + 1` }).where(eq(users.id, userId));
  });
}

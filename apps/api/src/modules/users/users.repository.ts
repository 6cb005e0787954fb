import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { RoleType } from '@casebridge/shared/constants/roles';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { oneTimeTokens, type TokenPurpose } from '../../db/schema/tokens.ts';
import { hashOneTimeToken, newOneTimeToken, TOKEN_LIFETIMES_MS } from '../../lib/one-time-tokens.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = Omit<typeof users.$inferInsert, 'id' | 'createdAt' | 'tokenVersion' | 'blocked'>;

/** A bump of the credential version: every JWT signed before it stops working (session-check.ts). */
const nextTokenVersion = sql`${users.tokenVersion} + 1`;

export async function findUserById(db: Db, id: number): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user ?? null;
}

/** Addresses are stored normalised (the request schemas lower-case and trim them), so this is exact. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user ?? null;
}

export async function findUsers(db: Db, ids: number[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, ids));
}

export async function findUsersOfCompany(db: Db, companyId: number, roleType: RoleType): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.roleType, roleType)));
}

export async function insertUser(db: Db, values: NewUser): Promise<UserRow> {
  const [user] = await db.insert(users).values(values).returning();
  return user!;
}

/** A new password confirms the address it was mailed to and ends every other session. */
export async function setPassword(db: Db, userId: number, passwordHash: string): Promise<UserRow> {
  const [user] = await db
    .update(users)
    .set({ passwordHash, confirmed: true, tokenVersion: nextTokenVersion })
    .where(eq(users.id, userId))
    .returning();
  return user!;
}

export async function markConfirmed(db: Db, userId: number): Promise<UserRow> {
  const [user] = await db.update(users).set({ confirmed: true }).where(eq(users.id, userId)).returning();
  return user!;
}

export interface ProfilePatch {
  firstName: string;
  lastName: string;
  avatarPath?: string;
  /** A new address: the account is unconfirmed until it is confirmed, and its sessions end. */
  newEmail?: string;
}

export async function updateProfile(db: Db, userId: number, patch: ProfilePatch): Promise<UserRow> {
  const [user] = await db
    .update(users)
    .set({
      firstName: patch.firstName,
      lastName: patch.lastName,
      ...(patch.avatarPath ? { avatarPath: patch.avatarPath } : {}),
      ...(patch.newEmail ? { email: patch.newEmail, confirmed: false, tokenVersion: nextTokenVersion } : {}),
    })
    .where(eq(users.id, userId))
    .returning();
  return user!;
}

export async function updateSettings(db: Db, userId: number, settings: UserRow['settings'], language?: string): Promise<UserRow> {
  const [user] = await db
    .update(users)
    .set({ settings, ...(language ? { language } : {}) })
    .where(eq(users.id, userId))
    .returning();
  return user!;
}

/** Moves an account that was never used to another address (an invitation that follows the lab). */
export async function setEmail(db: Db, userId: number, email: string): Promise<void> {
  await db.update(users).set({ email }).where(eq(users.id, userId));
}

export async function deleteUser(db: Db, userId: number): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

/** Needed by mill-users (engineer C): a mill admin corrects a staff member's names, and the address while it is unaccepted. */
export async function setNamesAndEmail(
  db: Db,
  userId: number,
  values: { firstName: string; lastName: string; email: string },
): Promise<UserRow> {
  const [user] = await db.update(users).set(values).where(eq(users.id, userId)).returning();
  return user!;
}

/** Needed by mill-users (engineer C): blocked, and every session signed before ends with the version bump. */
export async function blockAccount(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ blocked: true, tokenVersion: nextTokenVersion }).where(eq(users.id, userId));
}

// Needed by dealers (reseller network, issue 13).

/** The sign-in address of a dealer's user changes with the dealer's email: every session ends. */
export async function setEmailEndingSessions(db: Db, userId: number, email: string): Promise<void> {
  await db.update(users).set({ email, tokenVersion: nextTokenVersion }).where(eq(users.id, userId));
}

export async function setBlocked(db: Db, userId: number, blocked: boolean): Promise<void> {
  await db
    .update(users)
    .set(blocked ? { blocked, tokenVersion: nextTokenVersion } : { blocked })
    .where(eq(users.id, userId));
}

/** Every JWT signed before stops working (a re-invitation signs the invited user out). */
export async function bumpTokenVersion(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ tokenVersion: nextTokenVersion }).where(eq(users.id, userId));
}

// ---- The account's one-time links (one_time_tokens): confirmation, password reset, invitations.

/** The one_time_tokens table: links mailed for confirmation, password reset and invitations. */
export type OneTimeTokenRow = typeof oneTimeTokens.$inferSelect;
export type { TokenPurpose };

/** Issues a token and returns the only copy of its plain value (for the mail link). */
export async function issueToken(
  db: Db,
  purpose: TokenPurpose,
  userId: number,
  extra: { millId?: number; email?: string } = {},
): Promise<string> {
  const { token, tokenHash } = newOneTimeToken();
  await db.insert(oneTimeTokens).values({
    tokenHash,
    purpose,
    userId,
    millId: extra.millId ?? null,
    email: extra.email ?? null,
    expiresAt: new Date(Date.now() + TOKEN_LIFETIMES_MS[purpose]),
  });
  return token;
}

function usable(token: string, purpose: TokenPurpose) {
  return and(
    eq(oneTimeTokens.tokenHash, hashOneTimeToken(token)),
    eq(oneTimeTokens.purpose, purpose),
    isNull(oneTimeTokens.usedAt),
    gt(oneTimeTokens.expiresAt, sql`now()`),
  );
}

/** Marks the token used in the same statement that finds it, so two requests cannot both use it. */
export async function consumeToken(db: Db, token: string, purpose: TokenPurpose): Promise<OneTimeTokenRow | null> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(usable(token, purpose))
    .returning();
  return row ?? null;
}

/** Reads a token without using it up (to prefill the invitation form). */
export async function peekToken(db: Db, token: string, purpose: TokenPurpose): Promise<OneTimeTokenRow | null> {
  const [row] = await db.select().from(oneTimeTokens).where(usable(token, purpose));
  return row ?? null;
}

export async function revokeTokens(db: Db, userId: number, purpose: TokenPurpose): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
}

export async function deleteTokensExpiredBefore(db: Db, interval: string): Promise<void> {
  await db.delete(oneTimeTokens).where(lt(oneTimeTokens.expiresAt, sql`now() - ${interval}::interval`));
}

// ---- Account deletion (personal-data, issue 28 part 4).

/**
 * The account's personal fields erased or replaced; the row stays, so what the person wrote keeps an
 * author ("Deleted user") and the audit trail's user ids still name a row. Blocked with no password
 * and a new token version: no sign-in, no session, no mail (mails skip blocked users). Answers the row as it was.
 */
/**
 * Whether another manager account (not deleted, not blocked) remains besides this one. Under one
 * advisory lock until the transaction ends, so that the last two managers deleting their accounts
 * at once cannot both see the other and leave the platform with none.
 */
export async function anotherManagerRemains(tx: Db, userId: number): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('last-manager'))`);
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.roleType, 'manager'), isNull(users.deletedAt), eq(users.blocked, false), sql`${users.id} <> ${userId}`))
    .limit(1);
  return other !== undefined;
}

export async function pseudonymiseUser(db: Db, userId: number, placeholderEmail: string): Promise<UserRow | null> {
  const [before] = await db.select().from(users).where(eq(users.id, userId)).for('update');
  if (!before) return null;
  await db
    .update(users)
    .set({
      email: placeholderEmail,
      passwordHash: null,
      firstName: 'Deleted user',
      lastName: '',
      avatarPath: null,
      settings: {},
      language: 'en',
      blocked: true,
      promotionsOptOut: true,
      tokenVersion: nextTokenVersion,
      deletedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
  return before;
}

export async function deleteTokensOf(db: Db, userId: number): Promise<void> {
  await db.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, userId));
}

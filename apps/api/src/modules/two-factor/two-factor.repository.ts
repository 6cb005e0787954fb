import { and, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recoveryCodes, signInChallenges, twoFactorRequirements, userTotp, type ChallengeKind } from '../../db/schema/two-factor.ts';

export type TotpRow = typeof userTotp.$inferSelect;
export type ChallengeRow = typeof signInChallenges.$inferSelect;

export async function findTotp(db: Db, userId: number): Promise<TotpRow | null> {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId));
  return row ?? null;
}

/** A new enrolment replaces one that was never confirmed; a confirmed one stays (null: refused). */
export async function savePendingTotp(db: Db, userId: number, sealedSecret: string): Promise<TotpRow | null> {
  const [row] = await db
    .insert(userTotp)
    .values({ userId, sealedSecret })
    .onConflictDoUpdate({ target: userTotp.userId, set: { sealedSecret, createdAt: new Date() }, where: isNull(userTotp.confirmedAt) })
    .returning();
  return row ?? null;
}

/**
 * Takes the code's step if it is newer than the last one used, in one statement: two requests with
 * the same code race here, and only one of them finds the row still older. `confirm` marks enrolment done.
 */
export async function claimTotpStep(db: Db, userId: number, step: number, confirm: boolean): Promise<boolean> {
  const rows = await db
    .update(userTotp)
    .set({ lastUsedStep: step, ...(confirm ? { confirmedAt: new Date() } : {}) })
    .where(
      and(
        eq(userTotp.userId, userId),
        confirm ? isNull(userTotp.confirmedAt) : isNotNull(userTotp.confirmedAt),
        or(isNull(userTotp.lastUsedStep), lt(userTotp.lastUsedStep, step)),
      ),
    )
    .returning({ userId: userTotp.userId });
  return rows.length === 1;
}

export async function removeSecondFactor(db: Db, userId: number): Promise<boolean> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  return (await db.delete(userTotp).where(eq(userTotp.userId, userId)).returning()).length > 0;
}

export async function replaceRecoveryCodes(db: Db, userId: number, hashes: string[]): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Marks the code used if it is the user's and unused, in one statement (a second use finds it used). */
export async function useRecoveryCode(db: Db, userId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

export async function unusedRecoveryCodeCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.count ?? 0;
}

export async function insertChallenge(db: Db, values: { tokenHash: string; userId: number; kind: ChallengeKind; expiresAt: Date }) {
  await db.insert(signInChallenges).values(values);
}

/** A challenge still open: not used, not expired. */
export async function openChallenge(db: Db, tokenHash: string): Promise<ChallengeRow | null> {
  const [row] = await db
    .select()
    .from(signInChallenges)
    .where(and(eq(signInChallenges.tokenHash, tokenHash), isNull(signInChallenges.usedAt), gt(signInChallenges.expiresAt, new Date())));
  return row ?? null;
}

/** Closes the challenge if it is still open; false when another request closed it first. */
export async function closeChallenge(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(signInChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(signInChallenges.id, id), isNull(signInChallenges.usedAt), gt(signInChallenges.expiresAt, new Date())))
    .returning({ id: signInChallenges.id });
  return rows.length === 1;
}

/** Whether any of these mills requires a second factor (`null` in the list: the platform's row). */
export async function requirementAmong(db: Db, millIds: number[], platform: boolean): Promise<boolean> {
  const conditions = [
    ...(millIds.length ? [inArray(twoFactorRequirements.millId, millIds)] : []),
    ...(platform ? [isNull(twoFactorRequirements.millId)] : []),
  ];
  if (conditions.length === 0) return false;
  const rows = await db
    .select({ id: twoFactorRequirements.id })
    .from(twoFactorRequirements)
    .where(or(...conditions))
    .limit(1);
  return rows.length > 0;
}

/** How many of these users have confirmed an authenticator. */
export async function enrolledCountAmong(db: Db, userIds: number[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(userTotp)
    .where(and(inArray(userTotp.userId, userIds), isNotNull(userTotp.confirmedAt)));
  return row?.count ?? 0;
}

/** `millId` null: the platform's requirement (managers and dealer users). */
export async function setRequirement(db: Db, millId: number | null, required: boolean, setBy: number): Promise<void> {
  const where = millId === null ? isNull(twoFactorRequirements.millId) : eq(twoFactorRequirements.millId, millId);
  if (!required) await db.delete(twoFactorRequirements).where(where);
  else await db.insert(twoFactorRequirements).values({ millId, setBy }).onConflictDoNothing();
}

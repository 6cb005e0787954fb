import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passkeys, webauthnChallenges, type WebauthnPurpose } from '../../db/schema/passkeys.ts';
export type { WebauthnPurpose };

export type PasskeyRow = typeof passkeys.$inferSelect;

export async function passkeysOf(db: Db, userId: number): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

export async function passkeyCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  return row?.count ?? 0;
}

export async function passkeyByCredentialId(db: Db, credentialId: string): Promise<PasskeyRow | null> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row ?? null;
}

/** null: the credential is registered already (the unique index). */
export async function insertPasskey(db: Db, values: typeof passkeys.$inferInsert): Promise<PasskeyRow | null> {
  const [row] = await db.insert(passkeys).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** Only the user's own: another user's id finds nothing (404, like any other tenant's record). */
export async function renamePasskeyOf(db: Db, userId: number, id: number, name: string): Promise<PasskeyRow | null> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row ?? null;
}

export async function deletePasskeyOf(db: Db, userId: number, id: number): Promise<PasskeyRow | null> {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row ?? null;
}

/** Every passkey of a user (an administrator's reset, an account's deletion); how many went. */
export async function deletePasskeysOf(db: Db, userId: number): Promise<number> {
  return (await db.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id })).length;
}

/**
 * Moves the counter from the value the check read to the new one, in one statement: two requests
 * racing with one assertion (or a clone's) cannot both pass.
 */
export async function advanceCounter(db: Db, id: number, from: number, to: number): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter: to, lastUsedAt: new Date() })
    .where(and(eq(passkeys.id, id), eq(passkeys.counter, from)))
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

/** Stores a new challenge; expired ones of an hour ago go at the same time, so the table stays small. */
export async function insertChallenge(
  db: Db,
  values: { challenge: string; purpose: WebauthnPurpose; userId: number | null; expiresAt: Date },
) {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date(Date.now() - 3_600_000)));
  await db.insert(webauthnChallenges).values(values);
}

/**
 * Closes the challenge if it is open, of this purpose and (unless null: a password-free sign-in,
 * whose challenge belongs to nobody yet) of this user; false when it is unknown, used or expired.
 */
export async function takeChallenge(db: Db, challenge: string, purpose: WebauthnPurpose, userId: number | null): Promise<boolean> {
  const rows = await db
    .update(webauthnChallenges)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, new Date()),
      ),
    )
    .returning({ id: webauthnChallenges.id });
  return rows.length === 1;
}

import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userSessions, type SignInMethod } from '../../db/schema/user-sessions.ts';
import { users } from '../../db/schema/users.ts';
import { SESSION_IDLE_SECONDS } from '../../access/access.repository.ts';

export type UserSessionRow = typeof userSessions.$inferSelect;

export interface NewSession {
  userId: number;
  tokenVersion: number;
  method: SignInMethod;
  device: string;
  ip: string;
  expiresAt: Date;
}

export async function insertSession(db: Db, values: NewSession): Promise<UserSessionRow> {
  const [row] = await db.insert(userSessions).values(values).returning();
  return row!;
}

/** Whether the user has signed in before at all, and from this device (rows ended, expired or not, until pruned). */
export async function deviceHistoryOf(db: Db, userId: number, device: string): Promise<{ any: boolean; thisDevice: boolean }> {
  const [row] = await db
    .select({
      any: sql<boolean>`count(*) > 0`,
      thisDevice: sql<boolean>`coalesce(bool_or(${userSessions.device} = ${device}), false)`,
    })
    .from(userSessions)
    .where(eq(userSessions.userId, userId));
  return { any: row?.any ?? false, thisDevice: row?.thisDevice ?? false };
}

/** Live as the session check reads it (access.repository.ts `sessionAgeOf`): not ended, not expired, not idle too long, of the user's token version. */
const live = and(
  isNull(userSessions.endedAt),
  gt(userSessions.expiresAt, sql`now()`),
  gt(userSessions.lastSeenAt, sql`now() - make_interval(secs => ${sql.raw(String(SESSION_IDLE_SECONDS))})`),
  // Qualified by hand: drizzle leaves column names unqualified in a one-table statement.
  sql`"user_sessions"."token_version" = (select u.token_version from ${users} u where u.id = "user_sessions"."user_id")`,
);

/** The user's live sessions, the most recently used first. */
export async function liveSessionsOf(db: Db, userId: number): Promise<UserSessionRow[]> {
  return db
    .select()
    .from(userSessions)
    .where(and(eq(userSessions.userId, userId), live))
    .orderBy(desc(userSessions.lastSeenAt), desc(userSessions.createdAt));
}

/** Ends one live session of this user; false when it is not theirs, or not live. */
export async function endSessionOf(db: Db, userId: number, sessionId: string): Promise<boolean> {
  const ended = await db
    .update(userSessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(userSessions.id, sessionId), eq(userSessions.userId, userId), live))
    .returning({ id: userSessions.id });
  return ended.length > 0;
}

/** Ends every live session of this user but one; the ids it ended. */
export async function endSessionsBut(db: Db, userId: number, keptId: string): Promise<string[]> {
  const ended = await db
    .update(userSessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(userSessions.userId, userId), ne(userSessions.id, keptId), live))
    .returning({ id: userSessions.id });
  return ended.map((row) => row.id);
}

/**
 * Removes rows that stopped counting before `before`: ended, or expired. A row a version change
 * ended keeps no end time; it goes once it has expired (a token lives 7 days), like every row.
 */
export async function pruneSessions(db: Db, before: Date): Promise<number> {
  const removed = await db
    .delete(userSessions)
    .where(or(lt(userSessions.endedAt, before), lt(userSessions.expiresAt, before)))
    .returning({ id: userSessions.id });
  return removed.length;
}

/** Every row of the user, live or not, newest first (the data export). */
export async function sessionsOf(db: Db, userId: number): Promise<UserSessionRow[]> {
  return db.select().from(userSessions).where(eq(userSessions.userId, userId)).orderBy(desc(userSessions.createdAt));
}

/** Account deletion: the rows go (device and address are personal data); answers their ids. */
export async function deleteSessionsOf(db: Db, userId: number): Promise<string[]> {
  return (await db.delete(userSessions).where(eq(userSessions.userId, userId)).returning({ id: userSessions.id })).map((row) => row.id);
}

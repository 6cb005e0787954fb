import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oneTimeTokens, type TokenPurpose } from '../../db/schema/tokens.ts';
import { hashOneTimeToken, newOneTimeToken, TOKEN_LIFETIMES_MS } from '../../lib/one-time-tokens.ts';

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

import type { Db } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import { markSessionSeen, sessionUserById, type SessionUser } from './access.repository.ts';

export type { SessionUser };

/** What we sign into a JWT: the user, the version of their credentials at sign-in and the session row (ADR 0021). */
export interface JwtClaims {
  sub: string;
  ver: number;
  sid: string;
}

/** A verified token: whose it is, the credential version it was signed with and its session. */
export interface SessionClaims {
  userId: number;
  ver: number;
  sessionId: string;
}

export interface TokenVerifier {
  verify<T extends object>(token: string): T;
}

/** The user a statement read for a token, with its session's age in seconds (null: not live). */
export interface SessionRow {
  user: SessionUser;
  sessionAge: number | null;
}

/** How long a token and its session row live (the JWT's expiry). */
export const SESSION_LIFETIME_SECONDS = 7 * 24 * 3600;

/** The longest token we read; ours are ~250 characters. */
const MAX_TOKEN_LENGTH = 2_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Last seen is written at most this often per session, so a busy client costs no write per request. */
const SEEN_EVERY_SECONDS = 60;

const sessionEnded = () => AppError.unauthenticated('Your session has ended. Please sign in again.');

/**
 * The one session check, shared by HTTP requests, tus uploads and the websocket handshake, so
 * the three always give the same answer. Step 1: the token's signature, expiry and shape. A token
 * signed before sessions had rows carries no `sid`: its session has ended like any other (ADR 0021).
 */
export function verifySessionToken(jwt: TokenVerifier, token: unknown): SessionClaims {
  if (typeof token !== 'string' || token === '' || token.length > MAX_TOKEN_LENGTH) throw AppError.unauthenticated();
  let claims: JwtClaims;
  try {
    claims = jwt.verify<JwtClaims>(token);
  } catch {
    throw sessionEnded();
  }
  const userId = Number(claims.sub);
  if (!Number.isSafeInteger(userId) || userId <= 0 || userId > 2_147_483_647 || typeof claims.ver !== 'number')
    throw AppError.unauthenticated();
  if (typeof claims.sid !== 'string' || !UUID.test(claims.sid)) throw sessionEnded();
  return { userId, ver: claims.ver, sessionId: claims.sid };
}

/**
 * Step 2, the rules on the user the token names: still there, the same credential version (a
 * password change or reset, an email change or a block moves it on and so ends every session),
 * its session row live (not ended by the user, not expired), not blocked, address confirmed. A
 * blocked mill's staff keep their session: what a blocked mill may do is decided by the access
 * rule book, not here.
 */
export function acceptSession(row: SessionRow | undefined | null, claims: Pick<SessionClaims, 'ver'>): SessionUser {
  if (!row || row.user.tokenVersion !== claims.ver || row.sessionAge === null) throw sessionEnded();
  if (row.user.blocked) throw new AppError(401, 'ACCOUNT_BLOCKED', 'Your account is blocked');
  if (!row.user.confirmed) throw new AppError(401, 'EMAIL_NOT_CONFIRMED', 'Please confirm your email address first. We sent you a link.');
  return row.user;
}

/** acceptSession, then last seen written when it is older than a minute: for every statement that read a SessionRow. */
export async function acceptLiveSession(db: Db, row: SessionRow | undefined | null, claims: SessionClaims): Promise<SessionUser> {
  const user = acceptSession(row, claims);
  if (row!.sessionAge! >= SEEN_EVERY_SECONDS) await markSessionSeen(db, claims.sessionId);
  return user;
}

/** Both steps: the bearer token of any channel to the signed-in user and the token's claims, or a 401 AppError. */
export async function checkSessionClaims(
  db: Db,
  jwt: TokenVerifier,
  token: unknown,
): Promise<{ user: SessionUser; claims: SessionClaims }> {
  const claims = verifySessionToken(jwt, token);
  return { user: await acceptLiveSession(db, await sessionUserById(db, claims.userId, claims.sessionId), claims), claims };
}

/** Both steps: the bearer token of any channel to the signed-in user, or a 401 AppError. */
export async function checkSession(db: Db, jwt: TokenVerifier, token: unknown): Promise<SessionUser> {
  return (await checkSessionClaims(db, jwt, token)).user;
}

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(header: unknown): string | null {
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) return null;
  return header.slice('Bearer '.length).trim();
}

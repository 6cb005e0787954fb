import type { Db } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import { sessionUserById, type SessionUser } from './access.repository.ts';

export type { SessionUser };

/** What we sign into a JWT: the user and the version of their credentials at sign-in. */
export interface JwtClaims {
  sub: string;
  ver: number;
}

/** A verified token: whose it is and the credential version it was signed with. */
export interface SessionClaims {
  userId: number;
  ver: number;
}

export interface TokenVerifier {
  verify<T extends object>(token: string): T;
}

/** The longest token we read; ours are ~200 characters. */
const MAX_TOKEN_LENGTH = 2_000;

const sessionEnded = () => AppError.unauthenticated('Your session has ended. Please sign in again.');

/**
 * The one session check, shared by HTTP requests, tus uploads and the websocket handshake, so
 * the three always give the same answer. Step 1: the token's signature, expiry and shape.
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
  return { userId, ver: claims.ver };
}

/**
 * Step 2, the rules on the user the token names: still there, the same credential version (a
 * password change or reset, an email change or a block moves it on and so ends every session),
 * not blocked, address confirmed. A blocked mill's staff keep their session: what a blocked mill
 * may do is decided by the access rule book, not here.
 */
export function acceptSession(user: SessionUser | undefined | null, claims: Pick<SessionClaims, 'ver'>): SessionUser {
  if (!user || user.tokenVersion !== claims.ver) throw sessionEnded();
  if (user.blocked) throw new AppError(401, 'ACCOUNT_BLOCKED', 'Your account is blocked');
  if (!user.confirmed) throw new AppError(401, 'EMAIL_NOT_CONFIRMED', 'Please confirm your email address first. We sent you a link.');
  return user;
}

/** Both steps: the bearer token of any channel to the signed-in user, or a 401 AppError. */
export async function checkSession(db: Db, jwt: TokenVerifier, token: unknown): Promise<SessionUser> {
  const claims = verifySessionToken(jwt, token);
  return acceptSession(await sessionUserById(db, claims.userId), claims);
}

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(header: unknown): string | null {
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) return null;
  return header.slice('Bearer '.length).trim();
}

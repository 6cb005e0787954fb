/**
 * Passkeys (WebAuthn, ADR 0023): a user adds them on the account page (with the current password),
 * and signs in with one without a password, or uses one as the second factor of a password sign-in
 * (modules/two-factor). The relying party and its origins come from the configuration, never from
 * the request. Challenges live in PostgreSQL: single-use, five minutes, checkable by any process.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { AuthResponse } from '@casebridge/shared/schemas/auth';
import type { Passkey } from '@casebridge/shared/schemas/passkeys';
import { authorize } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import type { WebauthnPurpose } from './passkeys.repository.ts';
import { AppError } from '../../lib/app-error.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { SignInOrigin } from '../../lib/sign-in-origin.ts';
import type { AuditEntry } from '../../platform/audit/audit-trail.ts';
import { sessionFor } from '../session/session.service.ts';
import { startSession } from '../user-sessions/user-sessions.service.ts';
import { userById } from '../users/users.queries.ts';
import * as repo from './passkeys.repository.ts';

/** Runs a check under a failure limit keyed by the user (the route's, ADR 0007). */
export type PasskeyLimit = <T>(userId: number, attempt: () => Promise<T>) => Promise<T>;

const RP_NAME = 'CaseBridge';
const CHALLENGE_TTL_MS = 5 * 60_000;
const invalid = () => new AppError(400, 'PASSKEY_INVALID', 'This passkey could not be checked, or the attempt expired. Please try again.');
// A key the authenticator still holds after its removal here: "try again" would not help, so it is said apart.
const unknown = () =>
  new AppError(
    400,
    'PASSKEY_UNKNOWN',
    'This passkey is not known here (it may have been removed). Sign in with your password or another passkey.',
  );
const notFound = () => AppError.notFound('Passkey');

function dto(row: repo.PasskeyRow): Passkey {
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null };
}

async function storeChallenge(db: Db, challenge: string, purpose: WebauthnPurpose, userId: number | null): Promise<void> {
  await repo.insertChallenge(db, { challenge, purpose, userId, expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS) });
}

/**
 * The challenge the browser signed (read from clientDataJSON), closed before anything else is
 * checked: a second try with the same answer, or any answer after five minutes, finds it closed.
 */
async function takeChallengeOf(db: Db, clientDataJSON: string, purpose: WebauthnPurpose, userId: number | null): Promise<string> {
  let challenge: unknown;
  try {
    challenge = (JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown }).challenge;
  } catch {
    throw invalid();
  }
  if (typeof challenge !== 'string' || !(await repo.takeChallenge(db, challenge, purpose, userId))) throw invalid();
  return challenge;
}

/** `GET /users/me/passkeys`. */
export async function listPasskeys(deps: AppDeps, user: SessionUser): Promise<{ passkeys: Passkey[] }> {
  await authorize(deps.db, user, 'account.read', {});
  return { passkeys: (await repo.passkeysOf(deps.db, user.id)).map(dto) };
}

/** `POST /users/me/passkeys/options`: the password first, so a borrowed open session cannot add a key of its own. */
export async function registrationOptions(deps: AppDeps, user: SessionUser, password: string, limit: PasskeyLimit) {
  await authorize(deps.db, user, 'account.update', {});
  await limit(user.id, async () => {
    if (!(await verifyPassword(user.passwordHash, password))) {
      throw AppError.fields({ password: ['WRONG_CURRENT_PASSWORD'] }, 'The password is wrong');
    }
  });
  const existing = await repo.passkeysOf(deps.db, user.id);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: deps.config.webauthn.rpId,
    userName: user.email,
    userDisplayName: `${user.firstName} ${user.lastName}`.trim() || user.email,
    attestationType: 'none',
    // One passkey per authenticator: the browser refuses to make a second one where one is.
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports as AuthenticatorTransport[] })),
    // Discoverable, so it also signs in without the password; verified (PIN, fingerprint), so it is two factors by itself.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    timeout: CHALLENGE_TTL_MS,
  });
  await storeChallenge(deps.db, options.challenge, 'register', user.id);
  return { options };
}

async function verifiedRegistration(deps: AppDeps, userId: number, response: RegistrationResponseJSON) {
  const expectedChallenge = await takeChallengeOf(deps.db, response.response.clientDataJSON, 'register', userId);
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge,
      expectedOrigin: [...deps.config.webauthn.origins],
      expectedRPID: deps.config.webauthn.rpId,
      requireUserVerification: true,
    });
    if (result.verified) return result.registrationInfo;
  } catch {
    // The library names what did not match (origin, rpId, signature…): the user can do nothing with it.
  }
  throw invalid();
}

/** `POST /users/me/passkeys`: the browser's answer to the options' challenge. */
export async function addPasskey(
  deps: AppDeps,
  user: SessionUser,
  input: { name: string; response: RegistrationResponseJSON },
  limit: PasskeyLimit,
): Promise<Passkey> {
  await authorize(deps.db, user, 'account.update', {});
  return limit(user.id, async () => {
    const { credential } = await verifiedRegistration(deps, user.id, input.response);
    return deps.db.transaction(async (tx) => {
      const row = await repo.insertPasskey(tx, {
        userId: user.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: input.name,
      });
      if (!row) throw AppError.conflict('This authenticator holds a passkey for this portal already');
      await deps.audit.append(tx, passkeyAudit(user.id, 'auth.passkey.added', user.ip, row));
      return dto(row);
    });
  });
}

/** `PUT /users/me/passkeys/:passkeyId`. */
export async function renamePasskey(deps: AppDeps, user: SessionUser, id: number, name: string): Promise<Passkey> {
  await authorize(deps.db, user, 'account.update', {});
  const row = await repo.renamePasskeyOf(deps.db, user.id, id, name);
  if (!row) throw notFound();
  return dto(row);
}

/** `DELETE /users/me/passkeys/:passkeyId`. */
export async function removePasskey(deps: AppDeps, user: SessionUser, id: number): Promise<void> {
  await authorize(deps.db, user, 'account.update', {});
  await deps.db.transaction(async (tx) => {
    const row = await repo.deletePasskeyOf(tx, user.id, id);
    if (!row) throw notFound();
    await deps.audit.append(tx, passkeyAudit(user.id, 'auth.passkey.removed', user.ip, row));
  });
}

/** A user's own factor change: in no tenant's trail (the manager's, and the user's own data export). */
function passkeyAudit(userId: number, action: string, ip: string | undefined, row: repo.PasskeyRow): AuditEntry {
  return { actor: { userId, ip }, action, object: { kind: 'user', id: userId }, after: { passkeyId: row.id, name: row.name } };
}

/** Removes all of a user's passkeys in the caller's transaction (modules/two-factor: a reset of every second factor). */
export async function removePasskeysOf(db: Db, userId: number): Promise<number> {
  return repo.deletePasskeysOf(db, userId);
}

export async function passkeyCountOf(db: Db, userId: number): Promise<number> {
  return repo.passkeyCount(db, userId);
}

/** The options of a sign-in challenge's passkey method (modules/two-factor): only this user's passkeys. */
export async function secondFactorOptions(deps: AppDeps, userId: number): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const rows = await repo.passkeysOf(deps.db, userId);
  const options = await generateAuthenticationOptions({
    rpID: deps.config.webauthn.rpId,
    allowCredentials: rows.map((row) => ({ id: row.credentialId, transports: row.transports as AuthenticatorTransport[] })),
    // The password was the first factor: presence is enough here, as for a security key without a PIN.
    userVerification: 'preferred',
    timeout: CHALLENGE_TTL_MS,
  });
  await storeChallenge(deps.db, options.challenge, 'second-factor', userId);
  return options;
}

/**
 * The assertion checked against the stored challenge, credential and counter. `userId`: whose
 * passkey it must be (the second factor); null lets the credential say (password-free sign-in).
 */
export async function verifyAssertion(
  deps: AppDeps,
  response: AuthenticationResponseJSON,
  purpose: 'second-factor' | 'sign-in',
  userId: number | null,
): Promise<repo.PasskeyRow> {
  const expectedChallenge = await takeChallengeOf(deps.db, response.response.clientDataJSON, purpose, userId);
  const passkey = await repo.passkeyByCredentialId(deps.db, response.id);
  if (!passkey) throw unknown();
  if (userId !== null && passkey.userId !== userId) throw invalid();
  let newCounter: number | null = null;
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: [...deps.config.webauthn.origins],
      expectedRPID: deps.config.webauthn.rpId,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: purpose === 'sign-in',
    });
    if (result.verified) newCounter = result.authenticationInfo.newCounter;
  } catch {
    // A wrong origin, rpId, signature or a counter gone back (a cloned key): all the same refusal.
  }
  if (newCounter === null || !(await repo.advanceCounter(deps.db, passkey.id, passkey.counter, newCounter))) throw invalid();
  return passkey;
}

/** `POST /auth/passkey/options`: any passkey of this portal may answer (discoverable credentials). */
export async function signInOptions(deps: AppDeps): Promise<{ options: PublicKeyCredentialRequestOptionsJSON }> {
  const options = await generateAuthenticationOptions({
    rpID: deps.config.webauthn.rpId,
    userVerification: 'required',
    timeout: CHALLENGE_TTL_MS,
  });
  await storeChallenge(deps.db, options.challenge, 'sign-in', null);
  return { options };
}

/** `POST /auth/passkey`: a verified passkey is both factors; the session's method is `passkey`. */
export async function signInWithPasskey(deps: AppDeps, response: AuthenticationResponseJSON, origin: SignInOrigin): Promise<AuthResponse> {
  try {
    const passkey = await verifyAssertion(deps, response, 'sign-in', null);
    const user = await userById(deps.db, passkey.userId);
    if (!user || user.blocked) throw new AppError(401, 'ACCOUNT_BLOCKED', 'Your account is blocked. Please contact support.');
    const answer = await sessionFor(deps, user, await startSession(deps, user, origin, 'passkey'));
    await deps.audit.append(deps.db, {
      actor: { userId: user.id, ip: origin.ip },
      action: 'auth.passkeySignIn.succeeded',
      object: { kind: 'user', id: user.id },
    });
    return answer;
  } catch (error) {
    if (error instanceof AppError) {
      await deps.audit.append(deps.db, {
        actor: { userId: null, ip: origin.ip },
        action: 'auth.passkeySignIn.refused',
        object: { kind: 'passkey', id: response.id.slice(0, 100) },
        after: { reason: error.code },
      });
    }
    throw error;
  }
}

/**
 * Two-factor sign-in with an authenticator app (TOTP) and recovery codes (ADR 0020): a sign-in whose
 * password was right answers a challenge when the user has a second factor, or must enrol one; the
 * challenge's second call signs in. Every code check counts toward the user's failure limit.
 */
import type { AuthResponse } from '@casebridge/shared/schemas/auth';
import type {
  SecondFactorAnswer,
  SecondFactorMethod,
  SignInAnswer,
  SignInChallenge,
  TotpEnrolment,
  TwoFactorStatus,
} from '@casebridge/shared/schemas/two-factor';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { authorize } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import { AppError } from '../../lib/app-error.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { SecretBox } from '../../lib/secret-box.ts';
import { millMembershipsOf } from '../mill-users/mill-users.queries.ts';
import { passkeyCountOf, removePasskeysOf, secondFactorOptions, verifyAssertion } from '../passkeys/passkeys.service.ts';
import { sessionFor } from '../session/session.service.ts';
import { startSession } from '../user-sessions/user-sessions.service.ts';
import type { AuditEntry } from '../../platform/audit/audit-trail.ts';
import type { SignInOrigin } from '../../lib/sign-in-origin.ts';
import type { SignInMethod } from '@casebridge/shared/schemas/user-sessions';
import type { UserRow } from '../users/users.service.ts';
import { noticeRecipientOf, userById } from '../users/users.queries.ts';
import { securityNotice, type SecurityChange } from '../../platform/mail/security-notices.ts';
import * as repo from './two-factor.repository.ts';
import * as rules from './two-factor.rules.ts';

/** Runs a code check under the user's failure limit (the route's, through Redis across processes: ADR 0007). */
export type FailureLimit = <T>(userId: number, attempt: () => Promise<T>) => Promise<T>;

const box = (deps: AppDeps) => new SecretBox(deps.encryptionKey, 'totp');
const wrongCode = () => AppError.fields({ code: ['SECOND_FACTOR_INVALID'] }, 'This code is not right, or was used already');
const challengeGone = () => new AppError(400, 'TOKEN_INVALID', 'This sign-in has expired or was finished. Please sign in again.');

/** Whether a mill of the user (as staff) or, for managers and dealer users, the platform requires a second factor. */
export async function secondFactorRequired(db: Db, user: Pick<UserRow, 'id' | 'roleType'>): Promise<boolean> {
  if (user.roleType === 'lab') return false;
  const millIds = user.roleType === 'mill' ? (await millMembershipsOf(db, user.id)).map((m) => m.millId) : [];
  return repo.requirementAmong(db, millIds, user.roleType !== 'mill');
}

/** What a sign-in whose password was right answers: the session, or a challenge (the one call of every sign-in path). */
export async function signInAnswer(deps: AppDeps, user: UserRow, origin: SignInOrigin, method: SignInMethod): Promise<SignInAnswer> {
  return (await challengeIfNeeded(deps, user)) ?? sessionFor(deps, user, await startSession(deps, user, origin, method));
}

/** The challenge a sign-in must pass first, or null when the password is enough. A passkey counts as a second factor (ADR 0023). */
export async function challengeIfNeeded(deps: AppDeps, user: UserRow): Promise<SignInChallenge | null> {
  const totp = Boolean((await repo.findTotp(deps.db, user.id))?.confirmedAt);
  const passkeys = (await passkeyCountOf(deps.db, user.id)) > 0;
  if (totp || passkeys) return issueChallenge(deps, user.id, 'verify', { totp, passkeys });
  if (await secondFactorRequired(deps.db, user)) return issueChallenge(deps, user.id, 'enrol', { totp: false, passkeys: false });
  return null;
}

async function issueChallenge(
  deps: AppDeps,
  userId: number,
  kind: 'verify' | 'enrol',
  has: { totp: boolean; passkeys: boolean },
): Promise<SignInChallenge> {
  const { token, hash } = rules.newChallengeToken();
  const expiresAt = new Date(Date.now() + rules.CHALLENGE_TTL_MS);
  await repo.insertChallenge(deps.db, { tokenHash: hash, userId, kind, expiresAt });
  const methods: SecondFactorMethod[] =
    kind === 'enrol' ? ['totp'] : [...(has.totp ? (['totp', 'recovery'] as const) : []), ...(has.passkeys ? (['passkey'] as const) : [])];
  const passkeyOptions = has.passkeys ? await secondFactorOptions(deps, userId) : undefined;
  return { challenge: { token, kind, methods, ...(passkeyOptions && { passkeyOptions }), expiresAt: expiresAt.toISOString() } };
}

async function challengeOf(deps: AppDeps, token: string, kind: 'verify' | 'enrol'): Promise<repo.ChallengeRow> {
  const challenge = await repo.openChallenge(deps.db, rules.hashChallengeToken(token));
  if (!challenge || challenge.kind !== kind) throw challengeGone();
  return challenge;
}

/**
 * Closes the challenge and signs in: a challenge answered twice (a replayed request) finds it closed.
 * The completed sign-in goes to the audit trail with how the second factor was given (issue 28).
 */
async function finishChallenge(
  deps: AppDeps,
  challenge: repo.ChallengeRow,
  origin: SignInOrigin,
  method: 'totp' | 'recovery' | 'passkey' | 'enrolment',
): Promise<AuthResponse> {
  if (!(await repo.closeChallenge(deps.db, challenge.id))) throw challengeGone();
  const user = await userById(deps.db, challenge.userId);
  if (!user || user.blocked) throw new AppError(401, 'ACCOUNT_BLOCKED', 'Your account is blocked');
  const answer = sessionFor(deps, user, await startSession(deps, user, origin, 'two-factor'));
  const entry = { action: 'auth.signIn.succeeded', object: { kind: 'user', id: user.id }, after: { method: `two-factor:${method}` } };
  await deps.audit.append(deps.db, { ...entry, actor: { userId: user.id, ip: origin.ip } });
  return answer;
}

/** A code of the user's confirmed authenticator (each 30-second step once) or an unused recovery code. */
async function codeIsRight(deps: AppDeps, userId: number, code: string): Promise<boolean> {
  const totp = await repo.findTotp(deps.db, userId);
  if (!totp?.confirmedAt) return false;
  if (!rules.looksLikeTotp(code)) return repo.useRecoveryCode(deps.db, userId, box(deps).digest(rules.normaliseRecoveryCode(code)));
  const step = rules.totpStep(box(deps).open(totp.sealedSecret), code);
  return step !== null && repo.claimTotpStep(deps.db, userId, step, false);
}

async function checkCode(deps: AppDeps, userId: number, code: string, limit: FailureLimit): Promise<void> {
  await limit(userId, async () => {
    if (!(await codeIsRight(deps, userId, code))) throw wrongCode();
  });
}

/** `POST /auth/sign-in/second-factor`: the challenge's second call, with a code or a passkey's assertion. */
export async function answerChallenge(
  deps: AppDeps,
  input: SecondFactorAnswer,
  limit: FailureLimit,
  origin: SignInOrigin,
): Promise<AuthResponse> {
  const challenge = await challengeOf(deps, input.token, 'verify');
  if ('code' in input) await checkCode(deps, challenge.userId, input.code, limit);
  else await limit(challenge.userId, () => verifyAssertion(deps, input.passkey, 'second-factor', challenge.userId));
  const method = 'code' in input ? (rules.looksLikeTotp(input.code) ? 'totp' : 'recovery') : 'passkey';
  return finishChallenge(deps, challenge, origin, method);
}

async function beginEnrolment(deps: AppDeps, user: Pick<UserRow, 'id' | 'email'>): Promise<TotpEnrolment> {
  const secret = rules.newTotpSecret();
  const saved = await repo.savePendingTotp(deps.db, user.id, box(deps).seal(secret));
  if (!saved) throw AppError.conflict('Two-factor sign-in is on already; turn it off first to enrol another authenticator');
  return { uri: rules.otpauthUri(secret, user.email), secret };
}

/** The first code of the new authenticator confirms it; the ten recovery codes are answered this once. */
async function completeEnrolment(deps: AppDeps, userId: number, code: string, limit: FailureLimit, ip?: string): Promise<string[]> {
  return limit(userId, async () => {
    const pending = await repo.findTotp(deps.db, userId);
    if (!pending || pending.confirmedAt) throw AppError.conflict('There is no enrolment waiting for its code; start again');
    const step = rules.looksLikeTotp(code) ? rules.totpStep(box(deps).open(pending.sealedSecret), code) : null;
    if (step === null) throw wrongCode();
    const codes = rules.newRecoveryCodes();
    await deps.db.transaction(async (tx) => {
      if (!(await repo.claimTotpStep(tx, userId, step, true))) throw wrongCode();
      await repo.replaceRecoveryCodes(
        tx,
        userId,
        codes.map((recovery) => box(deps).digest(rules.normaliseRecoveryCode(recovery))),
      );
      await deps.audit.append(tx, factorAudit(userId, 'auth.secondFactor.enrolled', ip));
      await queueFactorNotice(deps, tx, userId, 'secondFactorOn');
    });
    return codes;
  });
}

/** `POST /auth/sign-in/enrolment`: an `enrol` challenge lets its user start enrolment and nothing else. */
export async function startChallengeEnrolment(deps: AppDeps, token: string): Promise<TotpEnrolment> {
  const challenge = await challengeOf(deps, token, 'enrol');
  const user = await userById(deps.db, challenge.userId);
  if (!user) throw challengeGone();
  return beginEnrolment(deps, user);
}

/** `POST /auth/sign-in/enrolment/confirm`: the enrolment done, the user is signed in. */
export async function confirmChallengeEnrolment(
  deps: AppDeps,
  input: { token: string; code: string },
  limit: FailureLimit,
  origin: SignInOrigin,
): Promise<AuthResponse & { recoveryCodes: string[] }> {
  const challenge = await challengeOf(deps, input.token, 'enrol');
  const recoveryCodes = await completeEnrolment(deps, challenge.userId, input.code, limit, origin.ip);
  return { ...(await finishChallenge(deps, challenge, origin, 'enrolment')), recoveryCodes };
}

/** `GET /users/me/two-factor`. */
export async function twoFactorStatus(deps: AppDeps, user: SessionUser): Promise<TwoFactorStatus> {
  await authorize(deps.db, user, 'account.read', {});
  const totp = await repo.findTotp(deps.db, user.id);
  return {
    totp: Boolean(totp?.confirmedAt),
    passkeys: await passkeyCountOf(deps.db, user.id),
    recoveryCodesLeft: totp?.confirmedAt ? await repo.unusedRecoveryCodeCount(deps.db, user.id) : 0,
    required: await secondFactorRequired(deps.db, user),
  };
}

/** `POST /users/me/two-factor/totp`. */
export async function startEnrolment(deps: AppDeps, user: SessionUser): Promise<TotpEnrolment> {
  await authorize(deps.db, user, 'account.update', {});
  return beginEnrolment(deps, user);
}

/** `POST /users/me/two-factor/totp/confirm`. */
export async function confirmEnrolment(deps: AppDeps, user: SessionUser, code: string, limit: FailureLimit): Promise<string[]> {
  await authorize(deps.db, user, 'account.update', {});
  return completeEnrolment(deps, user.id, code, limit, user.ip);
}

/** `POST /users/me/two-factor/totp/disable`: the password and a code, so a borrowed open session cannot do it. */
export async function disableTotp(deps: AppDeps, user: SessionUser, input: { password: string; code: string }, limit: FailureLimit) {
  await authorize(deps.db, user, 'account.update', {});
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw AppError.fields({ password: ['WRONG_CURRENT_PASSWORD'] }, 'The password is wrong');
  }
  await checkCode(deps, user.id, input.code, limit);
  await deps.db.transaction(async (tx) => {
    await repo.removeSecondFactor(tx, user.id);
    await deps.audit.append(tx, factorAudit(user.id, 'auth.secondFactor.disabled', user.ip));
    await queueFactorNotice(deps, tx, user.id, 'secondFactorOff');
  });
}

/** The owner hears of any change to their second factor (ASVS 5.0 6.3.7), in the change's transaction. */
export async function queueFactorNotice(deps: AppDeps, tx: Db, userId: number, change: SecurityChange): Promise<void> {
  const user = await userById(tx, userId);
  if (user) await deps.jobs.enqueue(tx, 'mail.send', securityNotice(noticeRecipientOf(user), change, deps.config.publicUrl));
}

/** A user's own factor change: in no tenant's trail (the manager's, and the user's own data export). */
function factorAudit(userId: number, action: string, ip: string | undefined): AuditEntry {
  return { actor: { userId, ip }, action, object: { kind: 'user', id: userId } };
}

/** An administrator's reset (the two-factor-admin use case decided who may): the user enrols again. */
/**
 * Every second factor of a user, passkeys included: an administrator's reset (the device with the
 * passkey may be the one lost) and an account's deletion. True when there was one.
 */
export async function removeSecondFactorOf(db: Db, userId: number): Promise<boolean> {
  const totp = await repo.removeSecondFactor(db, userId);
  const passkeys = await removePasskeysOf(db, userId);
  return totp || passkeys > 0;
}

/** `millId` null: the platform's requirement for managers and dealer users. */
export async function setRequirementOf(db: Db, millId: number | null, required: boolean, setBy: number): Promise<void> {
  await repo.setRequirement(db, millId, required, setBy);
}

export async function requirementOf(db: Db, millId: number | null): Promise<boolean> {
  return millId === null ? repo.requirementAmong(db, [], true) : repo.requirementAmong(db, [millId], false);
}

// Account deletion (personal-data): confirmed with the factor as a sign-in would be.

export async function hasSecondFactor(db: Db, userId: number): Promise<boolean> {
  return Boolean((await repo.findTotp(db, userId))?.confirmedAt);
}

/** A right code is used up (its step, or the recovery code); the caller counts wrong ones toward its limit. */
export async function secondFactorCodeIsRight(deps: AppDeps, userId: number, code: string): Promise<boolean> {
  return codeIsRight(deps, userId, code);
}

/** Of these users (a mill's staff), how many have no confirmed second factor yet. */
export async function notEnrolledAmong(db: Db, userIds: number[]): Promise<number> {
  return userIds.length - (await repo.enrolledCountAmong(db, userIds));
}

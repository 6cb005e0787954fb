import { hash, verify } from '@node-rs/argon2';
import type { ErrorCode } from '@casebridge/shared/errors';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@casebridge/shared/constants/passwords';
import { AppError } from './app-error.ts';
import { isCommonPassword } from './common-passwords.ts';

/** argon2id with the OWASP-recommended minimum (19 MiB, 2 passes, 1 lane). */
/** `Algorithm.Argon2id` of @node-rs/argon2, a const enum that isolated modules cannot import. */
const ARGON2ID = 2;
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** A hash of nothing anyone knows, verified against when the user does not exist, so timing tells nothing. */
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoyHash ??= hashPassword('decoy-password-never-used');
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

/** Who the password is for, where that is known before it is set: their own words are easy to guess. */
export interface PasswordOwner {
  email?: string;
  firstName?: string;
  lastName?: string;
}

/**
 * The context-specific words of ASVS 5.0 6.2.11, documented in docs/security.md: the portal's
 * name, and the owner's names and the part of their address before the @. Words shorter than 5
 * letters are left out: "Ann" or "Li" inside a long passphrase says little and refuses much.
 */
const PORTAL_WORDS = ['casebridge'];
const SHORTEST_CONTEXT_WORD = 5;

function contextWordsOf(owner: PasswordOwner): string[] {
  const local = owner.email?.split('@')[0];
  return [...PORTAL_WORDS, owner.firstName, owner.lastName, local]
    .map((word) => word?.trim().toLowerCase() ?? '')
    .filter((word) => [...word].length >= SHORTEST_CONTEXT_WORD);
}

/** Length, common-password and context-word rules (NIST SP 800-63B); null when the password is acceptable. */
export async function passwordProblem(password: string, owner: PasswordOwner = {}): Promise<ErrorCode | null> {
  if ([...password].length < PASSWORD_MIN_LENGTH) return 'PASSWORD_TOO_SHORT';
  if ([...password].length > PASSWORD_MAX_LENGTH) return 'PASSWORD_TOO_LONG';
  if (await isCommonPassword(password)) return 'PASSWORD_TOO_COMMON';
  const lower = password.toLowerCase();
  if (contextWordsOf(owner).some((word) => lower.includes(word))) return 'PASSWORD_HAS_PERSONAL_WORDS';
  return null;
}

/** A new password (and its repetition, where the form asks for one), or the field errors the form shows. */
export async function checkNewPassword(password: string, confirmation?: string, owner: PasswordOwner = {}): Promise<void> {
  const errors: Record<string, ErrorCode[]> = {};
  const problem = await passwordProblem(password, owner);
  if (problem) errors.password = [problem];
  if (confirmation !== undefined && confirmation !== password) errors.passwordConfirmation = ['PASSWORDS_DO_NOT_MATCH'];
  if (Object.keys(errors).length) throw AppError.fields(errors);
}

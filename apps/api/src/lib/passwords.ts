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

/** Length and common-password rules (NIST SP 800-63B); null when the password is acceptable. */
export function passwordProblem(password: string): ErrorCode | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return 'PASSWORD_TOO_SHORT';
  if ([...password].length > PASSWORD_MAX_LENGTH) return 'PASSWORD_TOO_LONG';
  if (isCommonPassword(password)) return 'PASSWORD_TOO_COMMON';
  return null;
}

/** A new password (and its repetition, where the form asks for one), or the field errors the form shows. */
export function checkNewPassword(password: string, confirmation?: string): void {
  const errors: Record<string, ErrorCode[]> = {};
  const problem = passwordProblem(password);
  if (problem) errors.password = [problem];
  if (confirmation !== undefined && confirmation !== password) errors.passwordConfirmation = ['PASSWORDS_DO_NOT_MATCH'];
  if (Object.keys(errors).length) throw AppError.fields(errors);
}

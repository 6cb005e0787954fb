import { createHash, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/**
 * The pure part of two-factor sign-in (ADR 0020): RFC 6238 codes through `otpauth` (SHA-1, 6 digits,
 * 30 seconds: what every authenticator app reads from a QR code), recovery codes and challenge tokens.
 */
export const ISSUER = 'CaseBridge';
export const RECOVERY_CODE_COUNT = 10;
/** A sign-in waits this long for its second factor. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** One step either side of now: a phone's clock a little off still works; replays are refused by step. */
const WINDOW = 1;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, email: string): TOTP {
  return new TOTP({ issuer: ISSUER, label: email, secret: Secret.fromBase32(secret) });
}

/** The URI an authenticator app reads from the QR code. */
export function otpauthUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/** Six digits, blanks allowed ("123 456"), as people type them. */
export const looksLikeTotp = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));

/** The 30-second step the code belongs to, or null when it is no code of this secret near now. */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s/g, '');
  const delta = totpOf(secret, '').validate({ token, timestamp: now, window: WINDOW });
  return delta === null ? null : TOTP.counter({ timestamp: now }) + delta;
}

/** The code an authenticator shows now: for the demo, the tests and the CLI's help, never to check one. */
export function currentTotp(secret: string, now = Date.now()): string {
  return totpOf(secret, '').generate({ timestamp: now });
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes like `k7m2p-9xq4r-tz3wa` (75 bits each): long enough that their keyed hash cannot be guessed online or off. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: 3 }, () => Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('')).join(
      '-',
    ),
  );
}

/** As typed: case, blanks and dashes do not matter. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

export function newChallengeToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashChallengeToken(token) };
}

export function hashChallengeToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, base64url: the link part of confirmation, reset and invitation tokens. */
export function newOneTimeToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashOneTimeToken(token) };
}

/** Only this hash is stored; a plain SHA-256 suffices because the token itself has 256 bits of entropy. */
export function hashOneTimeToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export const TOKEN_LIFETIMES_MS = {
  'email-confirmation': 7 * 24 * 60 * 60 * 1000,
  invitation: 7 * 24 * 60 * 60 * 1000,
  'password-reset': 60 * 60 * 1000,
  'dealer-invitation': 7 * 24 * 60 * 60 * 1000,
} as const;

import type { TFunction } from 'i18next';
import { ApiError } from './api-client.ts';
import { describeError } from './error-message.ts';

/**
 * Why the browser refused a passkey prompt, by the DOMException's name (which
 * @simplewebauthn/browser keeps on the error it throws). The browser's own message is English
 * and vague ("The operation either timed out or was not allowed"), so each has our sentence.
 */
const BROWSER_REFUSALS = new Map([
  // The prompt was cancelled or timed out, or no passkey was chosen.
  ['NotAllowedError', 'passkeys.notAllowed'],
  // Adding: the authenticator holds one of the user's passkeys already (the options exclude them).
  ['InvalidStateError', 'passkeys.alreadyOnDevice'],
  // The relying party is not this page's site (WEBAUTHN_RP_ID, ADR 0023), or the page is not secure.
  ['SecurityError', 'passkeys.wrongAddress'],
]);

/** A failed passkey step in the reader's language: the browser's refusal, a browser without passkeys, or the server's answer. */
export function describePasskeyError(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) return describeError(t, error);
  const refusal = error instanceof Error ? BROWSER_REFUSALS.get(error.name) : undefined;
  if (refusal) return t(refusal);
  if (typeof window !== 'undefined' && !('PublicKeyCredential' in window)) return t('passkeys.unsupported');
  return describeError(t, error);
}

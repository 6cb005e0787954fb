import i18next, { type TFunction } from 'i18next';
import { ERROR_CODES, type ErrorCode } from '@casebridge/shared/errors';
import { ApiError } from './api-client.ts';
import { currentLanguage } from './i18n.ts';

/**
 * Codes that name only the kind of failure, not the situation. When the server sends one of these
 * with a more specific field code, the field code is the better sentence for a toast.
 */
const GENERIC_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['VALIDATION_FAILED', 'CONFLICT', 'FORBIDDEN', 'NOT_FOUND', 'INTERNAL']);

const KNOWN_CODES: ReadonlySet<string> = new Set<string>(ERROR_CODES);

/**
 * The key of a server error code's text, for forms that keep keys and translate them when they
 * render (lib/use-form.ts). A code this web app does not know (a newer server) gets the generic
 * text rather than a raw key.
 */
export function errorCodeKey(code: string): string {
  return KNOWN_CODES.has(code) ? `errors.${code}` : 'errors.unknown';
}

/**
 * Issue 24 item 22: every error the web app shows is the translation of its code. The server's
 * (or a library's) own words are English, so they are shown only to a reader of English and only
 * where no code of ours says it (a code from a newer server, a generic code whose sentence is
 * more precise, a failure without a server body); a reader of any other language gets the
 * translated `fallback` instead, never a German title over an English sentence.
 */
function ownWordsForEnglish(text: string | undefined, fallback: string): string {
  return currentLanguage() === 'en' && text?.trim() ? text : fallback;
}

function translated(t: TFunction, code: string): string | undefined {
  // Only the closed list is looked up: a stray code from an old server never becomes a key path.
  if (!KNOWN_CODES.has(code)) return undefined;
  const text = t(`errors.${code}`, { defaultValue: '' });
  return text ? text : undefined;
}

/** The first specific code among the field errors (e.g. CUSTOMER_ID_TAKEN under customerId). */
function specificFieldCode(error: ApiError): ErrorCode | undefined {
  for (const codes of Object.values(error.body.errors ?? {})) {
    const found = codes.find((code) => !GENERIC_CODES.has(code));
    if (found) return found;
  }
  return undefined;
}

/**
 * A failed call in the reader's language: the translation of the server's error code (DESIGN §5).
 * For a code this web app has no words for, the generic text (the server's message to an English
 * reader). Every error shown in the app goes through here or describeServerError.
 */
export function describeError(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    // Status 0 is our own network failure or timeout, whose text is more useful than INTERNAL.
    if (error.status === 0) return t('errors.network');
    const fieldCode = GENERIC_CODES.has(error.code) ? specificFieldCode(error) : undefined;
    return (fieldCode && translated(t, fieldCode)) ?? translated(t, error.code) ?? ownWordsForEnglish(error.message, t('errors.unknown'));
  }
  return t('errors.unknown');
}

/**
 * Spec §8 wants some failures told precisely ("contact your admin"): a specific code's translation
 * says that in the reader's language; only a generic code falls back to the server's own sentence,
 * which is more precise than "this conflicts with existing data", and that to an English reader only.
 */
export function describeServerError(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0) return describeError(t, error);
  if (!GENERIC_CODES.has(error.code) || specificFieldCode(error)) return describeError(t, error);
  return ownWordsForEnglish(error.message, describeError(t, error));
}

/**
 * An upload's failure for its progress row, outside any component: a server refusal in the
 * current language; a client-side failure (network, a proxy's page) in its own words to an
 * English reader, as the network failure to any other.
 */
export function uploadErrorText(error: unknown): string {
  if (error instanceof ApiError) return describeError(i18next.t, error);
  return ownWordsForEnglish(
    error instanceof Error ? error.message : undefined,
    i18next.t(error instanceof Error ? 'errors.network' : 'errors.unknown'),
  );
}

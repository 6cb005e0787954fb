import type { TFunction } from 'i18next';
import { ApiError } from './api-client.ts';

/** A failed call in the reader's language: the translation of the server's error code (DESIGN §5). */
export function describeError(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    // Status 0 is our own network failure or timeout, whose text is more useful than INTERNAL.
    if (error.status === 0) return t('errors.network');
    return t(`errors.${error.code}`, { defaultValue: error.message || t('errors.unknown') });
  }
  return t('errors.unknown');
}

/** Translated messages of one field's server error codes, or undefined when it has none. */
export function fieldErrorText(t: TFunction, error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const codes = error.fieldErrors(field);
  if (codes.length === 0) return undefined;
  return codes.map((code) => t(`errors.${code}`, { defaultValue: code })).join(' ');
}

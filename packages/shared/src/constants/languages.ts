/** Interface languages. `sp` (not `es`) is the spec's code for Spanish and is kept for compatibility. */
export const LANGUAGES = ['de', 'en', 'it', 'fr', 'sp', 'pl'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

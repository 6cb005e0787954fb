/** Interface languages. `sp` (not `es`) is the spec's code for Spanish and is kept for compatibility. */
export const LANGUAGES = ['de', 'en', 'it', 'fr', 'sp', 'pl'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The BCP 47 tag of a language, for `Intl` and the page's `lang`: the spec's `sp` is `es`. */
export function languageTag(language: Language): string {
  return language === 'sp' ? 'es' : language;
}

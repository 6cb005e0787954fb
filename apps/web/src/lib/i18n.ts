import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, languageTag, type Language } from '@casebridge/shared/constants/languages';
import { STORAGE_KEYS } from '@casebridge/shared/constants/storage-keys';
import en from '../locales/en/translation.json';

/** English (DEFAULT_LANGUAGE) is bundled; the others are fetched. */
type LazyLanguage = Exclude<Language, 'en'>;

/**
 * Each language but English is a chunk of its own, fetched when it is the reader's language (or
 * becomes it). English ships with the entry: it is the default of a first visit and the fallback
 * for a key another language lacks, so it is needed anyway.
 */
const translationLoaders: Record<LazyLanguage, () => Promise<{ default: ResourceKey }>> = {
  de: () => import('../locales/de/translation.json'),
  fr: () => import('../locales/fr/translation.json'),
  it: () => import('../locales/it/translation.json'),
  pl: () => import('../locales/pl/translation.json'),
  sp: () => import('../locales/sp/translation.json'),
};

/** An i18next backend that reads the lazily loaded translation chunks. */
const lazyTranslations: BackendModule = {
  type: 'backend',
  init: () => {},
  read(language, _namespace, callback) {
    if (!isLanguage(language) || language === 'en') {
      callback(null, en);
      return;
    }
    translationLoaders[language]().then(
      (module) => callback(null, module.default),
      // A chunk that cannot be fetched (offline, a newer deployment) leaves the English fallback.
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** Each language named in itself, so a reader finds their own whatever the current language. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  de: 'Deutsch',
  en: 'English',
  it: 'Italiano',
  fr: 'Français',
  sp: 'Español',
  pl: 'Polski',
};

export function storedLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

export function currentLanguage(): Language {
  const lng = i18next.language;
  return isLanguage(lng) ? lng : storedLanguage();
}

/**
 * Starts i18next. English is ready at once (tests render right after this); another language is
 * ready when the returned promise settles, which main.tsx awaits before the first render so the
 * page does not flash English first. `changeLanguage` fetches a language the same way.
 */
export function initI18n(lng: Language = storedLanguage()): Promise<unknown> {
  const ready = i18next
    .use(lazyTranslations)
    .use(initReactI18next)
    .init({
      resources: { [DEFAULT_LANGUAGE]: { translation: en } },
      // Bundled English plus the backend for the rest.
      partialBundledLanguages: true,
      lng,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  document.documentElement.lang = languageTag(lng);
  return ready;
}

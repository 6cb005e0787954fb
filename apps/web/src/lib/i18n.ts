import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, languageTag, type Language } from '@casebridge/shared/constants/languages';
import { STORAGE_KEYS } from '@casebridge/shared/constants/storage-keys';
import de from '../locales/de/translation.json';
import en from '../locales/en/translation.json';
import fr from '../locales/fr/translation.json';
import it from '../locales/it/translation.json';
import pl from '../locales/pl/translation.json';
import sp from '../locales/sp/translation.json';

export const resources = {
  de: { translation: de },
  en: { translation: en },
  fr: { translation: fr },
  it: { translation: it },
  pl: { translation: pl },
  sp: { translation: sp },
} satisfies Record<Language, { translation: unknown }>;

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

export function initI18n(lng: Language = storedLanguage()) {
  void i18next.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  document.documentElement.lang = languageTag(lng);
  return i18next;
}

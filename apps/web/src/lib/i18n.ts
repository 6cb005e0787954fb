import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, languageTag, type Language } from '@casebridge/shared/constants/languages';
import { STORAGE_KEYS } from '@casebridge/shared/constants/storage-keys';
import firstPaintEnglish from 'virtual:first-paint-english';

/** Of English (DEFAULT_LANGUAGE) the public home's texts are bundled; the rest and the others are fetched. */
type LazyLanguage = Exclude<Language, 'en'>;

/**
 * Each language but English is a chunk of its own, fetched when it is the reader's language (or
 * becomes it). Of English, the texts of the public home ship with the entry (the first visit's
 * language); the rest of it, also the fallback for a key another language lacks, comes with
 * loadAllTranslations below.
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
      callback(null, structuredClone(firstPaintEnglish));
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

type MissingKeyListener = (key: string) => void;
const missingKeyListeners = new Set<MissingKeyListener>();

/**
 * Calls `listener` with every key asked for that no loaded text has, which the reader would see
 * raw (issue 24 item 3: the toast `company.updateFirst`). Component tests fail on one
 * (test/missing-keys.ts).
 */
export function onMissingKey(listener: MissingKeyListener): void {
  missingKeyListeners.add(listener);
}

/** The console line browser journeys look for (e2e/browser.ts); also a developer's hint. */
const MISSING_KEY_LOG = 'Missing translation:';

/**
 * i18next's hook for a key it has no text for. A call with a default value (`{ defaultValue }`)
 * chose its own fallback and shows no key; without one, the key itself is shown: reported in
 * every build, as a raw key on screen is a defect wherever it happens.
 */
function showMissingKey(key: string, defaultValue: string | undefined): string {
  if (defaultValue !== undefined) return defaultValue;
  console.error(MISSING_KEY_LOG, key);
  for (const listener of missingKeyListeners) listener(key);
  return key;
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
      // A copy: loadAllTranslations merges the rest of English into the store's objects.
      resources: { [DEFAULT_LANGUAGE]: { translation: structuredClone(firstPaintEnglish) } },
      // Bundled English plus the backend for the rest.
      partialBundledLanguages: true,
      lng,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false },
      parseMissingKeyHandler: showMissingKey,
      initAsync: false,
    });
  // The build's prerender of the home page (app/prerender-home.tsx) runs without a document.
  if (typeof document !== 'undefined') document.documentElement.lang = languageTag(lng);
  return ready;
}

let allEnglish: Promise<void> | null = null;

/**
 * The whole of English, fetched once (the entry carries only the public home's texts, see
 * lib/first-paint-namespaces.ts), when first needed: every area, dialog and other public page
 * awaits it before it renders, and the home awaits it before it shows a server's refusal. A
 * failed fetch is tried again by the next caller.
 */
export function loadAllTranslations(): Promise<void> {
  allEnglish ??= import('../locales/en/translation.json').then(
    (module) => {
      i18next.addResourceBundle(DEFAULT_LANGUAGE, 'translation', module.default, true, true);
    },
    () => {
      allEnglish = null;
    },
  );
  return allEnglish;
}

import type { Language } from '@casebridge/shared/constants/languages';
import de from './de/translation.json';
import en from './en/translation.json';
import fr from './fr/translation.json';
import it from './it/translation.json';
import pl from './pl/translation.json';
import sp from './sp/translation.json';

/**
 * All six translations at once, for tests and checks of the texts. The app itself never imports
 * this module: it bundles English and fetches the reader's language on demand (lib/i18n.ts), so
 * the first load does not carry five languages nobody reads.
 */
export const resources = {
  de: { translation: de },
  en: { translation: en },
  fr: { translation: fr },
  it: { translation: it },
  pl: { translation: pl },
  sp: { translation: sp },
} satisfies Record<Language, { translation: unknown }>;

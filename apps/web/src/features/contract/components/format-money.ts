import { useTranslation } from 'react-i18next';
import { isLanguage, languageTag } from '@casebridge/shared/constants/languages';

/** The `Intl` tag of the interface language (the spec's `sp` is `es`). */
export function intlTag(language: string): string {
  return isLanguage(language) ? languageTag(language) : 'en';
}

/** Spec §9: amounts are integer cents; only the screen divides by 100, in the reader's number style. */
function formatEuro(cents: number, language: string): string {
  return new Intl.NumberFormat(intlTag(language), { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

export function useFormatEuro(): (cents: number) => string {
  const { i18n } = useTranslation();
  return (cents) => formatEuro(cents, i18n.language);
}

import { LICENCE_KEY_PATTERN, normaliseLicenceKey } from '@casebridge/shared/constants/licence-key';

/** Spec §5 ticket format: five groups of five upper-case letters or digits; lower case is accepted and raised. */
export function parseLicenceKey(raw: string): string | null {
  const key = normaliseLicenceKey(raw);
  return LICENCE_KEY_PATTERN.test(key) ? key : null;
}

/** Spec §9 dates: the calendar day as sent (the licence server's dates are UTC days), DD.MM.YYYY. */
export function formatLicenceDate(value: string | null): string {
  const day = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  return day ? `${day[3]}.${day[2]}.${day[1]}` : '—';
}

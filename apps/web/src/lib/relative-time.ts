import { currentLanguage } from './i18n.ts';

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "5 minutes ago" in the interface language; `now` for tests. */
export function formatRelative(value: string | Date, now = Date.now()): string {
  let amount = (new Date(value).getTime() - now) / 1000;
  // The interface calls Spanish 'sp'; Intl knows it as 'es'.
  const language = currentLanguage() === 'sp' ? 'es' : currentLanguage();
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return format.format(Math.round(amount), unit);
    amount /= size;
  }
  return format.format(Math.round(amount), 'year');
}

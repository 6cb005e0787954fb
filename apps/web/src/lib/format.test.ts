import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@casebridge/shared/constants/languages';
import { formatDate, formatDateTime } from './format.ts';

afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('dates', () => {
  // Spec §9: DD.MM.YYYY and DD.MM.YYYY HH:mm whatever the language (issue 24 item 17 found a
  // page writing the browser's "11/27/2026, 6:06:20 PM").
  it.each(LANGUAGES)('read DD.MM.YYYY and DD.MM.YYYY HH:mm in %s', async (language) => {
    await i18next.changeLanguage(language);
    const local = new Date(2026, 10, 27, 18, 6, 20);
    expect(formatDate(local)).toBe('27.11.2026');
    expect(formatDateTime(local)).toBe('27.11.2026 18:06');
    expect(formatDateTime(new Date(2026, 0, 2, 3, 4))).toBe('02.01.2026 03:04');
  });
});

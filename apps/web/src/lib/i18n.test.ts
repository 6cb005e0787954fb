import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { resources } from '../locales/resources.ts';

afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('translations', () => {
  it('start with English only; another language is fetched when it is chosen', async () => {
    // test/setup.ts started i18next in English, as main.tsx does for a first visit.
    expect(i18next.hasResourceBundle('en', 'translation')).toBe(true);
    expect(i18next.hasResourceBundle('pl', 'translation')).toBe(false);
    await i18next.changeLanguage('pl');
    expect(i18next.hasResourceBundle('pl', 'translation')).toBe(true);
    expect(i18next.t('shell.signOut')).toBe(resources.pl.translation.shell.signOut);
  });
});

import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resources } from '../locales/resources.ts';
import { takeMissingKeys } from '../test/missing-keys.ts';

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

  it('reports a key it has no text for, which test/setup.ts turns into a failure', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(i18next.t('company.noSuchText')).toBe('company.noSuchText');
    // A call that brings its own default shows no key.
    expect(i18next.t('analytics.roles.nobody', { defaultValue: 'nobody' })).toBe('nobody');
    expect(takeMissingKeys()).toEqual(['company.noSuchText']);
  });
});

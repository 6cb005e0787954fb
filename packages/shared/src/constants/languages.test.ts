import { describe, expect, it } from 'vitest';
import { LANGUAGES, languageTag } from './languages.ts';

describe('languageTag', () => {
  it('gives Spanish its standard tag and every other language its own code', () => {
    expect(languageTag('sp')).toBe('es');
    expect(LANGUAGES.filter((language) => language !== 'sp').map(languageTag)).toEqual(['de', 'en', 'it', 'fr', 'pl']);
  });

  it('is a tag Intl understands for every language', () => {
    for (const language of LANGUAGES) expect(Intl.DisplayNames.supportedLocalesOf([languageTag(language)])).toHaveLength(1);
  });
});

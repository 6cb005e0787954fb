import { screen } from '@testing-library/react';
import i18next from 'i18next';
import firstPaintEnglish from 'virtual:first-paint-english';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import english from '../locales/en/translation.json';
import { FIRST_PAINT_NAMESPACES } from '../lib/first-paint-namespaces.ts';
import { fakeApi } from '../test/fake-api.ts';
import { sessionFixture } from '../test/fixtures.ts';
import { renderRoutes } from '../test/render.tsx';
import { appRoutes } from './router.tsx';

/**
 * The entry carries only FIRST_PAINT_NAMESPACES of English (issue 10: the home's first load). The
 * public home must not need any other text before the rest of English arrives.
 */
let missing: string[] = [];
const recordMissing = (_languages: readonly string[], _namespace: string, key: string) => missing.push(key);

beforeEach(() => {
  missing = [];
  // Only what the entry carries, as on a first visit before the rest is fetched.
  i18next.removeResourceBundle('en', 'translation');
  i18next.addResourceBundle('en', 'translation', structuredClone(firstPaintEnglish));
  i18next.options.saveMissing = true;
  i18next.on('missingKey', recordMissing);
});
afterEach(() => {
  i18next.off('missingKey', recordMissing);
  i18next.options.saveMissing = false;
  i18next.addResourceBundle('en', 'translation', english, true, true);
});

describe('the English of the first paint', () => {
  it('is the listed namespaces of the English file, nothing else', () => {
    expect(Object.keys(firstPaintEnglish).sort()).toEqual([...FIRST_PAINT_NAMESPACES].sort());
    for (const namespace of FIRST_PAINT_NAMESPACES)
      expect(firstPaintEnglish[namespace]).toEqual((english as Record<string, unknown>)[namespace]);
  });

  it('has every text of the public home, signed out and signed in', async () => {
    // The public home asks the API nothing (without a token there is no session to read): the fake
    // lists no contract, so a request would be refused and fail the test.
    fakeApi([]);
    const { unmount } = renderRoutes(appRoutes, { path: '/' });
    expect(await screen.findByRole('heading', { level: 1, name: english.home.title })).toBeTruthy();
    unmount();
    renderRoutes(appRoutes, { path: '/', session: sessionFixture('lab') });
    expect((await screen.findAllByRole('link', { name: english.home.openWorkspace })).length).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });
});

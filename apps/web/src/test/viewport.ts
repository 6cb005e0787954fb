import { onTestFinished, vi } from 'vitest';
import { PHONE_MEDIA_QUERY } from '../components/use-phone-layout.ts';

/** A `window.matchMedia` for jsdom, which has none (Mantine reads it): `matches` says which media queries hold. */
export function fakeMatchMedia(matches: (query: string) => boolean) {
  return vi.fn((query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }));
}

/** The rest of the test sees a phone's screen (the phone layout's media query holds); the wide screen is back when it ends. */
export function onPhone(): void {
  const wide = window.matchMedia;
  window.matchMedia = fakeMatchMedia((query) => query === PHONE_MEDIA_QUERY);
  onTestFinished(() => {
    window.matchMedia = wide;
  });
}

import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { initI18n, loadAllTranslations } from '../lib/i18n.ts';
import { takeMissingKeys } from './missing-keys.ts';
import { fakeMatchMedia } from './viewport.ts';

// A route's page arrives through a lazy import that vitest compiles on first use; on a busy 2-core
// CI machine that alone can pass the library's default 1 s, so `findBy…` waits up to 10 s. A test
// that really fails still fails, only later.
configure({ asyncUtilTimeout: 10_000 });

// Mantine reads these browser APIs, which jsdom does not implement.
Object.defineProperty(window, 'matchMedia', { writable: true, value: fakeMatchMedia(() => false) });

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView = () => {};
// Mantine's autosizing Textarea listens for web fonts loading, which jsdom does not model.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}
await initI18n('en');
// Components are rendered directly in tests, not through the lazy routes that load all of English.
await loadAllTranslations();

// No live connection in component tests: a socket that never connects. Tests of the live events
// replace `io` with their own fake.
vi.mock('socket.io-client', () => ({
  io: vi.fn(() => ({ on: vi.fn(), off: vi.fn(), removeAllListeners: vi.fn(), disconnect: vi.fn() })),
}));

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
  // A raw key on screen, in any language, is a defect (issue 24 item 3).
  const missing = takeMissingKeys();
  if (missing.length > 0) throw new Error(`Untranslated keys shown: ${[...new Set(missing)].join(', ')}`);
});

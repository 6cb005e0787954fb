/**
 * The English texts the first paint of the public home needs (the home page, the public layout,
 * the language picker, dialogs' close buttons, the error page). Only these ship in the entry
 * (build/first-paint-translations.ts); the rest of English is fetched right after the first
 * render, and before any area, dialog or other public page renders (lib/i18n.ts). A test renders
 * the home with only these and fails on any missing text (app/first-paint.test.tsx).
 */
export const FIRST_PAINT_NAMESPACES = [
  'home',
  'auth',
  'public',
  'about',
  'contact',
  'desktopApp',
  'privacy',
  'policy',
  'shell',
  'language',
  'common',
  'errorBoundary',
] as const;

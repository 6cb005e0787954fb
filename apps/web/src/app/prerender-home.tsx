import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { initI18n } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { AppTree } from './app.tsx';
import { appRoutes } from './router.tsx';

/**
 * The public home as HTML, rendered once at build time (build/prerender-home.ts) into
 * `home.html`, which the server sends for `/`. A first visit then paints the page from the HTML
 * instead of after all of the app's JavaScript has run (issue 10: the home page's Largest
 * Contentful Paint), and main.tsx hydrates it: the same nodes stay, so nothing is painted twice.
 * It is the app's own tree at `/` for a signed-out English reader; the build needs no browser.
 */
export async function renderHomeMarkup(): Promise<string> {
  await initI18n('en');
  const router = createMemoryRouter(appRoutes, { initialEntries: ['/'] });
  return renderToString(<AppTree queryClient={createQueryClient()} router={router} />);
}

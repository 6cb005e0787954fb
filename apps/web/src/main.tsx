import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { initI18n } from './lib/i18n.ts';

function render() {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html lacks the #root element');
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // `/` arrives with the home prerendered (home.html); the app takes those nodes over rather than
  // painting them again. For a reader it was hidden from (signed in, another language), the
  // app's own first render replaces it.
  const prerendered = root.hasChildNodes() && document.documentElement.dataset.prerender !== 'hidden';
  if (prerendered) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

// The reader's language is fetched before the first render (English is bundled); if it cannot be
// fetched, the page still renders, in English.
void initI18n().finally(render);

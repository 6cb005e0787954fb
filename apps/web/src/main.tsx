import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { initI18n } from './lib/i18n.ts';

function render() {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html lacks the #root element');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// The reader's language is fetched before the first render (English is bundled); if it cannot be
// fetched, the page still renders, in English.
void initI18n().finally(render);

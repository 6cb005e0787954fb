import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import { STORAGE_KEYS } from '../../../packages/shared/src/constants/storage-keys.ts';
import { writeCompressedCopies } from './precompress.ts';

/** What the server sends for `/` (apps/api/src/lib/web-static.ts); every other page gets index.html. */
export const HOME_HTML = 'home.html';
const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * Runs before the page paints, as a file (the content security policy allows no inline script):
 * a reader the app will not show the signed-out English home (signed in, or another language)
 * must not see it flash first, so it is hidden until the app's first render replaces it (app.tsx).
 */
const GUARD_SCRIPT =
  `try{var s=window.localStorage,l=s.getItem(${JSON.stringify(STORAGE_KEYS.language)});` +
  `if(s.getItem(${JSON.stringify(STORAGE_KEYS.token)})||(l&&l!=="en"))document.documentElement.setAttribute("data-prerender","hidden")}catch(e){}`;
const GUARD_STYLE = '<style>[data-prerender=hidden] #root{visibility:hidden}</style>';

async function renderWithVite(config: ResolvedConfig): Promise<string> {
  const server = await createServer({
    configFile: config.configFile,
    root: config.root,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  try {
    const module = (await server.ssrLoadModule('/src/app/prerender-home.tsx')) as { renderHomeMarkup: () => Promise<string> };
    return await module.renderHomeMarkup();
  } finally {
    await server.close();
  }
}

/** index.html with the prerendered home inside #root, for main.tsx to hydrate, and the guard. */
export function homeHtml(indexHtml: string, markup: string, guardFile: string): string {
  if (!indexHtml.includes(ROOT_ELEMENT)) throw new Error(`index.html lacks ${ROOT_ELEMENT}`);
  return indexHtml
    .replace('<html lang="en">', '<html lang="en" data-mantine-color-scheme="light">')
    .replace('</head>', `  <script src="/${guardFile}"></script>\n    ${GUARD_STYLE}\n  </head>`)
    .replace(ROOT_ELEMENT, `<div id="root">${markup}</div>`);
}

/** Writes `home.html`, index.html with the public home rendered in it, after the client build. */
export function prerenderHome(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'casebridge:prerender-home',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(options) {
      if (!options.dir) return;
      const markup = await renderWithVite(config);
      const hash = createHash('sha256').update(GUARD_SCRIPT).digest('hex').slice(0, 8);
      const guardFile = `assets/prerender-guard-${hash}.js`;
      const indexHtml = await readFile(path.join(options.dir, 'index.html'), 'utf8');
      const files = [path.join(options.dir, guardFile), path.join(options.dir, HOME_HTML)];
      await writeFile(files[0]!, GUARD_SCRIPT);
      await writeFile(files[1]!, homeHtml(indexHtml, markup, guardFile));
      await Promise.all(files.map(writeCompressedCopies));
    },
  };
}

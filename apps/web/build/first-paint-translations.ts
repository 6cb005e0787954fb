import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { FIRST_PAINT_NAMESPACES } from '../src/lib/first-paint-namespaces.ts';

export const FIRST_PAINT_MODULE = 'virtual:first-paint-english';
const RESOLVED = `\0${FIRST_PAINT_MODULE}`;

/**
 * `virtual:first-paint-english`: the namespaces of FIRST_PAINT_NAMESPACES out of the English
 * translation file, as a module of its own. Importing the file itself with named imports would
 * put all of it in the entry, since the app also imports it whole (lazily) for everything else.
 */
export function firstPaintTranslations(): Plugin {
  // Beside this folder, whatever the root of the build or test run that loads the plugin.
  const englishFile = path.resolve(import.meta.dirname, '../src/locales/en/translation.json');
  return {
    name: 'casebridge:first-paint-translations',
    resolveId(id) {
      return id === FIRST_PAINT_MODULE ? RESOLVED : null;
    },
    async load(id) {
      if (id !== RESOLVED) return null;
      this.addWatchFile(englishFile);
      const english = JSON.parse(await readFile(englishFile, 'utf8')) as Record<string, unknown>;
      const subset = Object.fromEntries(FIRST_PAINT_NAMESPACES.map((namespace) => [namespace, english[namespace]]));
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(subset))});`;
    },
  };
}

import { readdirSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@casebridge/shared/constants/storage-keys';
import { WEB_DIST } from '../app.ts';
import { HOME_HTML } from './web-static.ts';

const WEB_SOURCE = path.resolve(WEB_DIST, '../src');

/**
 * Issue 10: the public home loads at most 170 KB of brotli-compressed JavaScript. Measured on
 * the build the server serves (`npm test` runs `npm run build:web` first), from Vite's manifest:
 * the entry and everything it imports statically; the areas it imports dynamically load later.
 */
const HOME_JS_BUDGET_BYTES = 170 * 1024;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

let manifest: Manifest;
let indexHtml: string;
beforeAll(async () => {
  const manifestPath = path.join(WEB_DIST, '.vite/manifest.json');
  const built = await stat(manifestPath).then(
    () => true,
    () => false,
  );
  if (!built) throw new Error(`${manifestPath} is missing: run \`npm run build:web\` before this test.`);
  manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
  indexHtml = await readFile(path.join(WEB_DIST, 'index.html'), 'utf8');
});

function entryKey(): string {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  expect(entries).toHaveLength(1);
  return entries[0]![0];
}

/** The manifest keys of the chunks a first visit loads before the app runs. */
function eagerChunkKeys(key: string, found = new Set<string>()): Set<string> {
  if (found.has(key)) return found;
  found.add(key);
  for (const imported of manifest[key]!.imports ?? []) eagerChunkKeys(imported, found);
  return found;
}

/** The scripts index.html itself names: the entry and its modulepreload hints. */
function scriptsOfIndexHtml(): string[] {
  const tags = indexHtml.match(/<(script|link)\b[^>]*>/g) ?? [];
  return tags
    .filter((tag) => tag.startsWith('<script') || /rel="modulepreload"/.test(tag))
    .map((tag) => /(?:src|href)="\/([^"]+\.js)"/.exec(tag)?.[1])
    .filter((file): file is string => file !== undefined);
}

describe('the public home', () => {
  it('loads only the entry and its static imports, as the manifest says', () => {
    const eagerFiles = [...eagerChunkKeys(entryKey())].map((key) => manifest[key]!.file);
    expect(scriptsOfIndexHtml()).toContain(manifest[entryKey()]!.file);
    for (const script of scriptsOfIndexHtml()) expect(eagerFiles).toContain(script);
  });

  it('loads no area of a signed-in role, no sign-in dialog, no passkey prompt and no 3D preview', () => {
    const eagerSources = [...eagerChunkKeys(entryKey())].flatMap((key) => [key, manifest[key]!.src ?? '']);
    // The areas, the dialogs' code and every language (of English the entry has only the home's texts): each a chunk of its own.
    const lazyChunks = [/\/app\/areas\//, /auth-dialogs\.tsx$/, /modals-host\.tsx$/, /locales\/(en|de|fr|it|pl|sp)\//];
    const lazyOnly = [...lazyChunks, /node_modules\/three\//, /node_modules\/@mantine\/modals\//, /node_modules\/@simplewebauthn\//];
    for (const pattern of lazyOnly)
      expect(
        eagerSources.filter((source) => pattern.test(source)),
        String(pattern),
      ).toEqual([]);
    // They exist as chunks of their own, so the check above is not vacuous.
    for (const pattern of lazyChunks)
      expect(
        Object.keys(manifest).some((key) => pattern.test(key)),
        String(pattern),
      ).toBe(true);
    // three.js is loaded only by the 3D preview's worker, a bundle of its own outside the page's manifest.
    expect(readdirSync(path.join(WEB_DIST, 'assets')).filter((file) => /^(mesh\.worker|mesh-view)-.*\.js$/.test(file))).toHaveLength(2);
  });

  it(`needs at most ${HOME_JS_BUDGET_BYTES / 1024} KB of brotli-compressed JavaScript`, async () => {
    const files = [...eagerChunkKeys(entryKey())].map((key) => manifest[key]!.file);
    const sizes = await Promise.all(files.map(async (file) => ({ file, bytes: (await stat(path.join(WEB_DIST, `${file}.br`))).size })));
    const total = sizes.reduce((sum, { bytes }) => sum + bytes, 0);
    const listing = sizes.map(({ file, bytes }) => `${file}: ${(bytes / 1024).toFixed(1)} KB`).join('\n');
    expect(total, `brotli JavaScript of the public home, ${(total / 1024).toFixed(1)} KB:\n${listing}`).toBeLessThanOrEqual(
      HOME_JS_BUDGET_BYTES,
    );
  });
});

describe('the prerendered home (home.html, issue 10)', () => {
  let homeHtml: string;
  beforeAll(async () => {
    homeHtml = await readFile(path.join(WEB_DIST, HOME_HTML), 'utf8');
  });

  it('is index.html with the English home in #root, so the page paints before its scripts run', () => {
    const english = JSON.parse(readFileSync(path.join(WEB_SOURCE, 'locales/en/translation.json'), 'utf8')) as {
      home: { title: string };
      auth: { signIn: { submit: string } };
    };
    const german = JSON.parse(readFileSync(path.join(WEB_SOURCE, 'locales/de/translation.json'), 'utf8')) as { home: { title: string } };
    expect(homeHtml).toMatch(new RegExp(`<h1[^>]*>${english.home.title}</h1>`));
    expect(homeHtml).toMatch(new RegExp(`<button[^>]*>(<span[^>]*>)+${english.auth.signIn.submit}</span>`));
    expect(homeHtml).not.toContain(german.home.title);
    // The same scripts and styles as every other page: only the body differs.
    const assetTags = (html: string) => html.match(/<(script|link)\b[^>]*\/assets\/(index|Button|session|events)[^>]*>/g) ?? [];
    expect(assetTags(homeHtml)).toEqual(assetTags(indexHtml));
    expect(indexHtml).toMatch(/<div id="root"><\/div>/);
  });

  it('hides itself, by a script file the policy allows, from a signed-in reader or one of another language', async () => {
    const guard = /<script src="\/(assets\/prerender-guard-[0-9a-f]{8}\.js)"><\/script>/.exec(homeHtml);
    expect(guard).not.toBeNull();
    const script = await readFile(path.join(WEB_DIST, guard![1]!), 'utf8');
    const hiddenFor = (stored: Record<string, string>) => {
      const root = {
        attributes: {} as Record<string, string>,
        setAttribute(name: string, value: string) {
          this.attributes[name] = value;
        },
      };
      const run = new Function('window', 'document', script) as (window: unknown, document: unknown) => void;
      run({ localStorage: { getItem: (key: string) => stored[key] ?? null } }, { documentElement: root });
      return root.attributes['data-prerender'] === 'hidden';
    };
    expect(hiddenFor({})).toBe(false);
    expect(hiddenFor({ [STORAGE_KEYS.language]: 'en' })).toBe(false);
    expect(hiddenFor({ [STORAGE_KEYS.language]: 'de' })).toBe(true);
    expect(hiddenFor({ [STORAGE_KEYS.token]: 'a.b.c' })).toBe(true);
    expect(homeHtml).toContain('[data-prerender=hidden] #root{visibility:hidden}');
  });
});

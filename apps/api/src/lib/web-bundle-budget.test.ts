import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { WEB_DIST } from '../app.ts';

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
  const built = await stat(manifestPath).then(() => true, () => false);
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

  it('loads no area of a signed-in role, no sign-in dialog and no 3D preview', () => {
    const eagerSources = [...eagerChunkKeys(entryKey())].flatMap((key) => [key, manifest[key]!.src ?? '']);
    const lazyOnly = [/\/app\/areas\//, /auth-dialogs\.tsx$/, /mesh-renderer\.ts$/, /node_modules\/three\//];
    for (const pattern of lazyOnly) expect(eagerSources.filter((source) => pattern.test(source)), String(pattern)).toEqual([]);
    // They exist as chunks of their own, so the check above is not vacuous.
    for (const pattern of lazyOnly.slice(0, 3)) expect(Object.keys(manifest).some((key) => pattern.test(key)), String(pattern)).toBe(true);
  });

  it(`needs at most ${HOME_JS_BUDGET_BYTES / 1024} KB of brotli-compressed JavaScript`, async () => {
    const files = [...eagerChunkKeys(entryKey())].map((key) => manifest[key]!.file);
    const sizes = await Promise.all(files.map(async (file) => ({ file, bytes: (await stat(path.join(WEB_DIST, `${file}.br`))).size })));
    const total = sizes.reduce((sum, { bytes }) => sum + bytes, 0);
    const listing = sizes.map(({ file, bytes }) => `${file}: ${(bytes / 1024).toFixed(1)} KB`).join('\n');
    expect(total, `brotli JavaScript of the public home, ${(total / 1024).toFixed(1)} KB:\n${listing}`).toBeLessThanOrEqual(HOME_JS_BUDGET_BYTES);
  });
});

import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats; images and fonts are compressed already and would only grow. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml|map|wasm)$/;

/** The files a browser can ask for: Vite's own `.vite/manifest.json` is for the build's tests only. */
async function servedFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !path.relative(dir, file).startsWith('.'));
}

export async function writeCompressedCopies(file: string): Promise<void> {
  const content = await readFile(file);
  const [br, gz] = await Promise.all([
    // Compressed once at build time, so the slowest, smallest settings cost nothing per request.
    brotli(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
}

/**
 * Writes `<file>.br` and `<file>.gz` next to every text file of the build, so the server sends
 * compressed bytes without compressing on each request (apps/api/src/lib/web-static.ts).
 */
export function precompress(): Plugin {
  return {
    name: 'casebridge:precompress',
    apply: 'build',
    async writeBundle(options) {
      if (!options.dir) return;
      const files = (await servedFiles(options.dir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(files.map(writeCompressedCopies));
    },
  };
}

import { createWriteStream } from 'node:fs';
import { access, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';

export interface ExtractResult {
  /** Files written, relative to the target folder, with `/` separators. */
  files: string[];
  /** Entries not written because their path would leave the target folder. */
  refused: string[];
  /** Entries written under another name because the name was taken. */
  renamed: { entry: string; file: string }[];
}

/**
 * Why an entry path may not be written, or null if it is safe: absolute paths (`/x`, `C:x`,
 * `\\server`), `..` segments, NUL characters. Backslashes count as separators.
 */
export function unsafeEntryPath(name: string): string | null {
  const normalized = name.replace(/\\/g, '/');
  if (normalized.includes('\0')) return 'contains a NUL character';
  if (normalized.startsWith('/') || /^[a-zA-Z]:/.test(normalized)) return 'is absolute';
  if (normalized.split('/').includes('..')) return "contains '..'";
  return null;
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** `crown.stl` -> `crown (2).stl`, `crown (3).stl`, ... until the name is free. */
async function freeName(file: string): Promise<string> {
  if (!(await exists(file))) return file;
  const { dir, name, ext } = path.parse(file);
  for (let i = 2; ; i++) {
    const candidate = path.join(dir, `${name} (${i})${ext}`);
    if (!(await exists(candidate))) return candidate;
  }
}

/** Where entries are unpacked before they are moved into place; an interrupted pull leaves only this. */
export const STAGING_DIR = '.casebridge-partial';

/**
 * Extracts a ZIP into `target`. Entry names are checked here rather than by yauzl (which would
 * stop at the first bad one), so one bad entry is refused and the rest still arrive. Entries are
 * unpacked into a hidden staging folder first and moved into place at the end, so an interrupted
 * extraction leaves no half-written files behind. Existing files are never overwritten: a taken
 * name gets a ` (2)` suffix.
 */
export async function extractZip(zipFile: string, target: string): Promise<ExtractResult> {
  const result: ExtractResult = { files: [], refused: [], renamed: [] };
  const root = path.resolve(target);
  const staging = path.join(root, STAGING_DIR);
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  const unpacked: { entry: string; segments: string[]; staged: string }[] = [];
  const zip = await yauzl.openPromise(zipFile, { lazyEntries: true, decodeStrings: false, autoClose: true });
  try {
    for await (const entry of zip.eachEntry()) {
      const raw = entry.fileName as unknown as Buffer;
      const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, false);
      const problem = unsafeEntryPath(name);
      const segments = name.split('/').filter(Boolean);
      const destination = path.resolve(root, ...segments);
      if (problem || segments.length === 0 || !destination.startsWith(root + path.sep) || segments[0] === STAGING_DIR) {
        result.refused.push(`${name} (${problem ?? (segments[0] === STAGING_DIR ? 'is reserved' : 'leaves the folder')})`);
        continue;
      }
      if (name.endsWith('/')) continue;
      const staged = await freeName(path.join(staging, ...segments));
      await mkdir(path.dirname(staged), { recursive: true });
      await pipeline(await zip.openReadStreamPromise(entry), createWriteStream(staged, { flags: 'wx' }));
      unpacked.push({ entry: name, segments, staged });
    }
  } finally {
    zip.close();
  }
  for (const { entry, segments, staged } of unpacked) {
    const destination = path.resolve(root, ...segments);
    await mkdir(path.dirname(destination), { recursive: true });
    const file = await freeName(destination);
    await rename(staged, file);
    const relative = path.relative(root, file).split(path.sep).join('/');
    result.files.push(relative);
    if (file !== destination) result.renamed.push({ entry, file: relative });
  }
  await rm(staging, { recursive: true, force: true });
  return result;
}

import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { isAcceptedDocument } from '@casebridge/shared/constants/orders';
import { maxLengthOf } from '@casebridge/shared/schemas/max-length';
import { createOrderBodySchema } from '@casebridge/shared/schemas/orders';
import { CliError } from './io.ts';

export interface LocalFile {
  /** Path relative to the folder being sent, `/`-separated: the key in the resume state. */
  key: string;
  absolute: string;
  /** The name the portal stores (the file's own name). */
  name: string;
  size: number;
  mtimeMs: number;
}

export interface LocalComponent {
  /** The subfolder (or `.` for a folder without subfolders): the key in the resume state. */
  folder: string;
  name: string;
  files: LocalFile[];
}

export interface ScannedFolder {
  components: LocalComponent[];
  /** Files whose type the portal does not accept (relative paths). */
  unsupported: string[];
  /** Files lying next to component folders, which belong to no component. */
  loose: string[];
  /** Component folders with nothing to send. */
  empty: string[];
}

export const SEND_STATE_FILE = '.casebridge-send.json';

/** Hidden entries (`.DS_Store`, `.git`, the resume state) are never sent. */
const hidden = (name: string) => name.startsWith('.');

async function walk(folder: string, root: string, out: { files: LocalFile[]; unsupported: string[] }): Promise<void> {
  const entries = (await readdir(folder, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    if (hidden(entry.name)) continue;
    const absolute = path.join(folder, entry.name);
    const info = await stat(absolute).catch(() => null);
    if (!info) continue;
    const key = path.relative(root, absolute).split(path.sep).join('/');
    if (info.isDirectory()) {
      if (!entry.isSymbolicLink()) await walk(absolute, root, out);
    } else if (info.isFile()) {
      if (isAcceptedDocument(entry.name))
        out.files.push({ key, absolute, name: entry.name, size: info.size, mtimeMs: Math.trunc(info.mtimeMs) });
      else out.unsupported.push(key);
    }
  }
}

/**
 * Each subfolder is a component holding its files (recursively); a folder without subfolders is
 * one component named after the folder.
 */
export async function scanFolder(folder: string): Promise<ScannedFolder> {
  const info = await stat(folder).catch(() => null);
  if (!info?.isDirectory()) throw new CliError(`${folder} is not a folder.`);
  const root = path.resolve(folder);
  const entries = (await readdir(root, { withFileTypes: true }))
    .filter((e) => !hidden(e.name))
    .sort((a, b) => a.name.localeCompare(b.name));
  const subfolders: string[] = [];
  const topFiles: string[] = [];
  for (const entry of entries) {
    const s = await stat(path.join(root, entry.name)).catch(() => null);
    if (s?.isDirectory()) subfolders.push(entry.name);
    else if (s?.isFile()) topFiles.push(entry.name);
  }
  const result: ScannedFolder = { components: [], unsupported: [], loose: [], empty: [] };
  if (subfolders.length === 0) {
    const out = { files: [] as LocalFile[], unsupported: [] as string[] };
    await walk(root, root, out);
    result.unsupported.push(...out.unsupported);
    if (out.files.length > 0) result.components.push({ folder: '.', name: componentName(path.basename(root)), files: out.files });
    else result.empty.push(path.basename(root));
    return result;
  }
  result.loose.push(...topFiles);
  for (const name of subfolders) {
    const out = { files: [] as LocalFile[], unsupported: [] as string[] };
    await walk(path.join(root, name), root, out);
    result.unsupported.push(...out.unsupported);
    if (out.files.length > 0) result.components.push({ folder: name, name: componentName(name), files: out.files });
    else result.empty.push(name);
  }
  return result;
}

const COMPONENT_NAME_MAX = maxLengthOf(createOrderBodySchema.shape.components.element.shape.name);

/** Cut to what the portal accepts; a folder name of blanks still makes a named component. */
function componentName(name: string): string {
  return name.trim().slice(0, COMPONENT_NAME_MAX) || 'component';
}

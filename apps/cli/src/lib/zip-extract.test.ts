import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import yazl from 'yazl';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { extractZip, STAGING_DIR, unsafeEntryPath } from './zip-extract.ts';

let scratch: string;
beforeEach(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'casebridge-zip-test-'));
});
afterEach(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** A ZIP with these entries. yazl refuses bad names, so they are written as same-length placeholders and patched in. */
async function zipWith(entries: Record<string, string>, rename: Record<string, string> = {}): Promise<string> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(entries)) zip.addBuffer(Buffer.from(content), name, { compress: false });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  let bytes = Buffer.concat(chunks);
  for (const [from, to] of Object.entries(rename)) {
    expect(to.length).toBe(from.length);
    bytes = Buffer.from(bytes.toString('latin1').split(from).join(to), 'latin1');
  }
  const file = path.join(scratch, 'test.zip');
  await writeFile(file, bytes);
  return file;
}

describe('extractZip', () => {
  it('refuses entries with an absolute path or ..; writes the others inside the folder', async () => {
    const zipFile = await zipWith(
      { 'Order/Crown/ok.stl': 'fine', 'xx/escape.txt': 'evil', 'Qetc/evil.txt': 'evil' },
      { 'xx/escape.txt': '../escape.txt', 'Qetc/evil.txt': '/etc/evil.txt' },
    );
    const target = path.join(scratch, 'out');
    const result = await extractZip(zipFile, target);
    expect(result.refused).toEqual(["../escape.txt (contains '..')", '/etc/evil.txt (is absolute)']);
    expect(result.files).toEqual(['Order/Crown/ok.stl']);
    expect(await readFile(path.join(target, 'Order', 'Crown', 'ok.stl'), 'utf8')).toBe('fine');
    expect(await readdir(scratch)).toEqual(expect.not.arrayContaining(['escape.txt']));
  });

  it('names a taken file " (2)" instead of overwriting it', async () => {
    const target = path.join(scratch, 'out');
    const first = await extractZip(await zipWith({ 'crown.stl': 'first' }), target);
    const second = await extractZip(await zipWith({ 'crown.stl': 'second' }), target);
    expect(first.files).toEqual(['crown.stl']);
    expect(second).toEqual({ files: ['crown (2).stl'], refused: [], renamed: [{ entry: 'crown.stl', file: 'crown (2).stl' }] });
    expect(await readFile(path.join(target, 'crown.stl'), 'utf8')).toBe('first');
    expect(await readFile(path.join(target, 'crown (2).stl'), 'utf8')).toBe('second');
  });

  it('clears what an interrupted extraction left in the staging folder, and removes the staging folder', async () => {
    const target = path.join(scratch, 'out');
    await mkdir(path.join(target, STAGING_DIR, 'Order'), { recursive: true });
    await writeFile(path.join(target, STAGING_DIR, 'Order', 'crown.stl'), 'half');
    await writeFile(path.join(target, STAGING_DIR, 'Order', 'stale.stl'), 'from another order');
    const result = await extractZip(await zipWith({ 'Order/crown.stl': 'whole' }), target);
    expect(result.files).toEqual(['Order/crown.stl']);
    expect(await readFile(path.join(target, 'Order', 'crown.stl'), 'utf8')).toBe('whole');
    expect(await readdir(target)).toEqual(['Order']);
    expect(await readdir(path.join(target, 'Order'))).toEqual(['crown.stl']);
  });
});

describe('unsafeEntryPath', () => {
  it.each([
    ['a/b/c.stl', null],
    ['a/..b/c', null],
    ['../x', "contains '..'"],
    ['a/../../x', "contains '..'"],
    ['a\\..\\x', "contains '..'"],
    ['/abs', 'is absolute'],
    ['\\\\server\\share', 'is absolute'],
    ['C:/x', 'is absolute'],
    ['c:x', 'is absolute'],
  ])('%s -> %s', (name, expected) => {
    expect(unsafeEntryPath(name)).toBe(expected);
  });
});

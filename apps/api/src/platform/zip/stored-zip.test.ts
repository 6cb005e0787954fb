import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readZip as unzip } from '../../../test/unzip.ts';
import { storedZip, type ZipEntry } from './stored-zip.ts';

const entry = (name: string, content: Buffer, mtime = new Date(2025, 2, 1, 9, 6, 30)): ZipEntry => ({
  name,
  size: content.length,
  mtime,
  open: async () => Readable.from([content.subarray(0, 1000), content.subarray(1000)]),
});

async function written(entries: ZipEntry[], options = {}): Promise<{ archive: Buffer; length: number }> {
  const { stream, length } = storedZip(entries, options);
  return { archive: await buffer(stream), length };
}

describe('storedZip', () => {
  const files = [
    { name: 'Bridge 14-16/Crown/upper-jaw.stl', content: randomBytes(70_000) },
    { name: 'Bridge 14-16/Crown/empty.txt', content: Buffer.alloc(0) },
    { name: 'Bridge 14-16/Brücke/Zahn ß 😀.ply', content: randomBytes(3_333) },
  ];

  it('writes an archive another unzip reads back byte for byte, with each CRC-32, date and UTF-8 name', async () => {
    const { archive, length } = await written(files.map((f) => entry(f.name, f.content)));
    expect(archive.length).toBe(length);
    const read = await unzip(archive);
    expect(read.map((r) => r.name)).toEqual(files.map((f) => f.name));
    for (const [i, f] of files.entries()) {
      expect(read[i]!.content.equals(f.content)).toBe(true);
      expect(read[i]!.crc32).toBe(crc32(f.content));
      expect(read[i]!.modified).toEqual(new Date(2025, 2, 1, 9, 6, 30));
      expect(read[i]!.zip64).toBe(false);
      // Unix-made, so that Info-ZIP honours the UTF-8 names; regular files readable by all.
      expect([read[i]!.madeOn, read[i]!.mode]).toEqual([3, 0o100644]);
    }
  });

  it('switches to ZIP64 for the entries and the end that need it', async () => {
    // Lowered threshold: the same structures as for files past 4 GiB, with a few kilobytes.
    const { archive, length } = await written(
      files.map((f) => entry(f.name, f.content)),
      { zip64From: 60_000 },
    );
    expect(archive.length).toBe(length);
    const read = await unzip(archive);
    // The first is big; the others start past the threshold.
    expect(read.map((r) => r.zip64)).toEqual([true, true, true]);
    for (const [i, f] of files.entries()) expect(read[i]!.content.equals(f.content)).toBe(true);
    expect(archive.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(true);
  });

  it('writes an empty archive that unzips to nothing', async () => {
    const { archive, length } = await written([]);
    expect(length).toBe(22);
    expect(await unzip(archive)).toEqual([]);
  });

  it('fails the stream when a file is not the size recorded, instead of a corrupt archive', async () => {
    const short = { ...entry('short.stl', randomBytes(5000)), size: 6000 };
    await expect(written([short])).rejects.toThrow(/5000 bytes where 6000 were recorded/);
    const long = { ...entry('long.stl', randomBytes(5000)), size: 4000 };
    await expect(written([long])).rejects.toThrow(/were recorded/);
  });

  it('opens each file only when its turn comes', async () => {
    const opened: string[] = [];
    const lazy = files.map((f) => ({ ...entry(f.name, f.content), open: async () => (opened.push(f.name), Readable.from([f.content])) }));
    const { stream } = storedZip(lazy);
    expect(opened).toEqual([]);
    await buffer(stream);
    expect(opened).toEqual(files.map((f) => f.name));
  });
});

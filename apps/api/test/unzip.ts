import { buffer } from 'node:stream/consumers';
import yauzl from 'yauzl';

export interface ReadEntry {
  name: string;
  crc32: number;
  content: Buffer;
  modified: Date;
  zip64: boolean;
  madeOn: number;
  mode: number;
}

/** Reads an archive with yauzl, an unzip written by others, through its central directory. */
export function readZip(archive: Buffer): Promise<ReadEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(archive, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (error, zip) => {
      if (error) return reject(error);
      const entries: ReadEntry[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (openError, stream) => {
          if (openError) return reject(openError);
          buffer(stream).then((content) => {
            const zip64 = entry.extraFields.some((field) => field.id === 0x0001);
            entries.push({
              name: entry.fileName,
              crc32: entry.crc32,
              content,
              modified: entry.getLastModDate(),
              zip64,
              madeOn: entry.versionMadeBy >> 8,
              mode: entry.externalFileAttributes >>> 16,
            });
            zip.readEntry();
          }, reject);
        });
      });
      zip.readEntry();
    });
  });
}

/** Every entry's content by name. */
export async function zipEntries(archive: Buffer): Promise<Map<string, Buffer>> {
  return new Map((await readZip(archive)).map((entry) => [entry.name, entry.content]));
}

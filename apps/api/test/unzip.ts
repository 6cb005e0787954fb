import { buffer } from 'node:stream/consumers';
import yauzl from 'yauzl';

/** Every entry of an archive by name, read with yauzl (an unzip written by others) through its central directory. */
export function zipEntries(archive: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(archive, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (openError, stream) => {
          if (openError) return reject(openError);
          buffer(stream).then((content) => {
            entries.set(entry.fileName, content);
            zip.readEntry();
          }, reject);
        });
      });
      zip.readEntry();
    });
  });
}

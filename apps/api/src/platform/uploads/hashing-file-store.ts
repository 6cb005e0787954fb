import type http from 'node:http';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { stat } from 'node:fs/promises';
import { FileStore } from '@tus/file-store';
import { RunningHashes } from './running-hashes.ts';

/** tus sends an error with these two fields as it is. */
const UPLOAD_TAKEN = {
  status_code: 409,
  body: JSON.stringify({ statusCode: 409, code: 'CONFLICT', message: 'This upload is already being finished' }),
};

/**
 * A tus FileStore that hashes the bytes as it writes them (on a worker thread, see
 * background-sha256.ts), so a finished upload's SHA-256 is known at once instead of reading the
 * whole file again while the client waits for its last answer (for a file of several GB that is
 * many seconds of disk). The running hash lives in this process: an
 * upload continued after a restart, in another process, or after a write that failed part-way has
 * none here, and `digestOf` answers null so the caller hashes the file from disk.
 */
export class HashingFileStore extends FileStore {
  private readonly running = new RunningHashes();

  override async write(readable: http.IncomingMessage | Readable, id: string, offset: number): Promise<number> {
    try {
      return await this.writeHashing(readable, id, offset);
    } catch (error) {
      throw (await this.isGone(id)) ? UPLOAD_TAKEN : error;
    }
  }

  /**
   * A complete upload's file is taken away to be finished (see order-uploads): a request for the same
   * upload that was already past tus's checks then finds no file to write to. That is a conflict the
   * client can recover from (asking for the upload again), not a fault of the server.
   */
  private async isGone(id: string): Promise<boolean> {
    try {
      await stat(path.join(this.directory, id));
      return false;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'ENOENT';
    }
  }

  private async writeHashing(readable: http.IncomingMessage | Readable, id: string, offset: number): Promise<number> {
    const hash = this.running.take(id, offset);
    if (!hash) return super.write(readable, id, offset);
    let hashed = 0;
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hashed += chunk.length;
        hash.update(chunk).then(() => done(null, chunk), done);
      },
    });
    readable.on('error', (error) => hashing.destroy(error));
    const written = await super.write(readable.pipe(hashing), id, offset);
    // Only a hash of exactly the bytes on disk is worth keeping.
    if (written - offset === hashed) this.running.keep(id, hash, written);
    else hash.drop();
    return written;
  }

  /** The SHA-256 of an upload of `size` bytes, if this process hashed all of them; once. */
  digestOf(id: string, size: number): Promise<string | null> {
    return this.running.digestOf(id, size);
  }
}

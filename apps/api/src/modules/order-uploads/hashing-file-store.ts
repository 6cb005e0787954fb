import { createHash, type Hash } from 'node:crypto';
import type http from 'node:http';
import { Transform, type Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';

/** Enough for every upload in flight; an evicted one is hashed from disk at the end instead. */
const MAX_RUNNING = 10_000;

/**
 * A tus FileStore that hashes the bytes as it writes them, so a finished upload's SHA-256 is known
 * at once instead of reading the whole file again while the client waits for its last answer (for
 * a file of several GB that is many seconds of disk). The running hash lives in this process: an
 * upload continued after a restart, in another process, or after a write that failed part-way has
 * none here, and `digestOf` answers null so the caller hashes the file from disk.
 */
export class HashingFileStore extends FileStore {
  private readonly running = new Map<string, { hash: Hash; offset: number }>();

  override async write(readable: http.IncomingMessage | Readable, id: string, offset: number): Promise<number> {
    const state = offset === 0 ? { hash: createHash('sha256'), offset: 0 } : this.running.get(id);
    this.running.delete(id);
    if (!state || state.offset !== offset) return super.write(readable, id, offset);
    let hashed = 0;
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        state.hash.update(chunk);
        hashed += chunk.length;
        done(null, chunk);
      },
    });
    readable.on('error', (error) => hashing.destroy(error));
    const written = await super.write(readable.pipe(hashing), id, offset);
    // Only a hash of exactly the bytes on disk is worth keeping.
    if (written - offset === hashed) this.keep(id, { hash: state.hash, offset: written });
    return written;
  }

  /** The SHA-256 of an upload of `size` bytes, if this process hashed all of them; once. */
  digestOf(id: string, size: number): string | null {
    const state = this.running.get(id);
    this.running.delete(id);
    return state && state.offset === size ? state.hash.digest('hex') : null;
  }

  private keep(id: string, state: { hash: Hash; offset: number }): void {
    this.running.set(id, state);
    if (this.running.size > MAX_RUNNING) this.running.delete(this.running.keys().next().value!);
  }
}

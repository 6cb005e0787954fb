import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface StoredObject {
  key: string;
  size: number;
  sha256: string;
}

/** Where uploaded bytes live: the local disk (LocalStorage) or an S3-compatible store (S3Storage). */
export interface Storage {
  /** Streams into storage; throws TooLargeError past maxBytes and leaves nothing behind. */
  put(prefix: string, source: Readable, maxBytes: number): Promise<StoredObject>;
  /** Takes over a finished local file (a resumable upload): it is gone from its path afterwards; hashed unless its SHA-256 is known. */
  adopt(prefix: string, localPath: string, knownSha256?: string | null): Promise<StoredObject>;
  /** The object's bytes (with `firstBytes`, at most that many from its start) and its whole size. */
  open(key: string, options?: OpenOptions): Promise<{ stream: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
  /**
   * A short-lived URL the client fetches the bytes from itself, so they never pass through Node;
   * absent where there is none (the disk), and the caller streams `open` instead. It is not checked
   * that the file exists: a missing one answers 404 from the store.
   */
  downloadUrl?(key: string, options: DownloadUrlOptions): Promise<string>;
  /** Whether the store answers, for the readiness probe; absent where it is this process's own disk. */
  reachable?(): Promise<boolean>;
}

export interface OpenOptions {
  /** Only this many bytes from the start are wanted (a file's signature): the store sends no more. */
  firstBytes?: number;
}

export interface DownloadUrlOptions {
  /** The name the browser saves the file as (Content-Disposition: attachment). */
  filename: string;
  contentType: string;
}

/** Content-Disposition for a download saved under `filename`, any characters kept (RFC 6266/5987). */
export function attachmentHeader(filename: string): string {
  return `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export class TooLargeError extends Error {}

export const KEY_PATTERN = /^[a-z-]+\/[A-Za-z0-9_-]{22,}$/;

/** A generated name: nothing the uploader chose ever becomes part of a path or an object key. */
export function newKey(prefix: string): string {
  return `${prefix}/${randomBytes(16).toString('base64url')}`;
}

export function checkedKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key ${key}`);
  return key;
}

/** Counts and hashes the bytes passing through, and fails the stream with TooLargeError past maxBytes. */
export class Meter extends Transform {
  // Not `size`: lib-storage would take a body's `size` (0 at the start) for its length.
  bytes = 0;
  private readonly digest = createHash('sha256');

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return done(new TooLargeError(`larger than ${this.maxBytes} bytes`));
    this.digest.update(chunk);
    done(null, chunk);
  }

  /** The SHA-256 of everything that passed; call once, after the stream ended. */
  sha256(): string {
    return this.digest.digest('hex');
  }
}

export class LocalStorage implements Storage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    return path.join(this.root, checkedKey(key));
  }

  async put(prefix: string, source: Readable, maxBytes: number): Promise<StoredObject> {
    const key = newKey(prefix);
    const finalPath = this.pathOf(key);
    const tmpPath = `${finalPath}.partial`;
    await mkdir(path.dirname(finalPath), { recursive: true });
    const meter = new Meter(maxBytes);
    try {
      await pipeline(source, meter, createWriteStream(tmpPath, { flags: 'wx' }));
      // The rename is atomic: readers see the whole file or none.
      await rename(tmpPath, finalPath);
    } catch (error) {
      await rm(tmpPath, { force: true });
      throw error;
    }
    return { key, size: meter.bytes, sha256: meter.sha256() };
  }

  async adopt(prefix: string, localPath: string, knownSha256?: string | null): Promise<StoredObject> {
    const key = newKey(prefix);
    const finalPath = this.pathOf(key);
    await mkdir(path.dirname(finalPath), { recursive: true });
    const { size, sha256 } = knownSha256 ? { size: (await stat(localPath)).size, sha256: knownSha256 } : await hashFile(localPath);
    // Same disk as DATA_DIR/tus: a rename, atomic and without copying the bytes again.
    await rename(localPath, finalPath);
    return { key, size, sha256 };
  }

  async open(key: string, options: OpenOptions = {}) {
    const file = this.pathOf(key);
    const info = await stat(file).catch(() => null);
    if (!info) return null;
    const end = options.firstBytes === undefined ? undefined : Math.max(0, options.firstBytes - 1);
    return { stream: createReadStream(file, { end }), size: info.size };
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const digest = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file)) {
    digest.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: digest.digest('hex') };
}

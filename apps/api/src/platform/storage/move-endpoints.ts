import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { partSizeFor } from './s3-storage.ts';
import { checkedKey } from './storage.ts';

/** One side of a move: stored files addressed by the keys the database records, written whole or not at all. */
export interface MoveEndpoint {
  /** How the summary names it: a folder or s3://bucket/prefix. */
  readonly name: string;
  size(key: string): Promise<number | null>;
  read(key: string): Promise<Readable | null>;
  /** Stores the body under key, replacing what is there; readers see the old or the whole new object. */
  write(key: string, body: Readable, size: number): Promise<void>;
  remove(key: string): Promise<void>;
}

/** DATA_DIR/files, laid out as LocalStorage lays it out. */
export class DiskEndpoint implements MoveEndpoint {
  constructor(private readonly root: string) {}

  get name(): string {
    return this.root;
  }

  private pathOf(key: string): string {
    return path.join(this.root, checkedKey(key));
  }

  async size(key: string): Promise<number | null> {
    return (await stat(this.pathOf(key)).catch(() => null))?.size ?? null;
  }

  async read(key: string): Promise<Readable | null> {
    return (await this.size(key)) === null ? null : createReadStream(this.pathOf(key));
  }

  async write(key: string, body: Readable): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // A killed move leaves at most a .partial, which the next one overwrites.
    await pipeline(body, createWriteStream(`${file}.partial`));
    await rename(`${file}.partial`, file);
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

/** The bucket of STORAGE_URL, keys under its prefix as S3Storage puts them. */
export class S3Endpoint implements MoveEndpoint {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly prefix: string,
  ) {}

  get name(): string {
    return `s3://${this.bucket}${this.prefix ? `/${this.prefix}` : ''}`;
  }

  private objectKey(key: string): string {
    return this.prefix ? `${this.prefix}/${checkedKey(key)}` : checkedKey(key);
  }

  async size(key: string): Promise<number | null> {
    const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) })).catch(notFound);
    return head ? (head.ContentLength ?? 0) : null;
  }

  async read(key: string): Promise<Readable | null> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) })).catch(notFound);
    return object ? (object.Body as Readable) : null;
  }

  async write(key: string, body: Readable, size: number): Promise<void> {
    const params = { Bucket: this.bucket, Key: this.objectKey(key), Body: body, ContentLength: size };
    await new Upload({ client: this.client, params, partSize: partSizeFor(size), queueSize: 2, leavePartsOnError: false }).done();
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }
}

function notFound(error: unknown): null {
  if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
  throw error;
}

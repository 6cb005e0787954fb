import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { DataStore, ERRORS, Upload } from '@tus/server';
import { BudgetExhausted, ByteBudget } from '../storage/byte-budget.ts';
import { PART_MEMORY_BYTES } from '../storage/s3-storage.ts';
import { newKey } from '../storage/storage.ts';
import { RunningHashes } from './running-hashes.ts';
import { abortAbandonedParts } from './s3-upload-sweeper.ts';

/** S3 takes at most 10,000 parts, each at least 5 MiB except the last (ADR 0018). */
const MAX_PARTS = 10_000;
const MiB = 1024 * 1024;
const MIN_PART_BYTES = 5 * MiB;

/** The one part size for every upload: whole MiB, enough that an upload of maxUploadBytes fits into 10,000 parts (100 GB: 10 MiB … 11 MiB). */
export function uploadPartSize(maxUploadBytes: number): number {
  return Math.max(MIN_PART_BYTES, Math.ceil(maxUploadBytes / MAX_PARTS / MiB) * MiB);
}

/** What the bucket keeps of an unfinished upload, beside its parts, as the object `<id>.info`. */
interface UploadRecord {
  id: string;
  size: number | null;
  metadata: Record<string, string | null>;
  creation_date: string;
  /** The storage key the complete file becomes (the multipart upload's own key): no copy at the end. */
  key: string;
  multipartId: string | null;
  parts: { PartNumber: number; ETag: string }[];
  /** Bytes in completed parts. */
  inParts: number;
  /** Bytes after the last full part, kept as the object `<id>.tail` until a part is full. */
  inTail: number;
  complete: boolean;
}

export interface S3UploadStoreOptions {
  client: S3Client;
  bucket: string;
  /** The storage's key prefix ('' for none): unfinished uploads live under `<prefix>/tus/`. */
  prefix: string;
  /** The storage prefix a complete file's key is made under (order-files adopts it there). */
  keyPrefix: string;
  partSize: number;
  expirationPeriodInMilliseconds: number;
  /** The part bytes all writes of this process may hold at once (ADR 0018 addendum); default PART_MEMORY_BYTES. */
  partBudget?: ByteBudget;
  /** How long a write waits for its part's memory before it is refused with 503; default PART_WAIT_MS. */
  partWaitMs?: number;
}

/**
 * A write past the part budget waits this long for a write in flight to end, then is refused: a
 * write holds its part for as long as its client sends (minutes for a whole file in one PATCH), so
 * waiting longer would stall the client behind strangers' uploads, while a refusal lets it retry
 * (tus clients retry a 503), perhaps through another process.
 */
const PART_WAIT_MS = 10_000;
/**
 * The record is saved after an upload's first part, then after each SAVE_EVERY_BYTES of parts,
 * and at the end of each write; not after each part, which was a second request per part. A
 * process that dies in a write loses at most this much of what the client sent: the record names
 * fewer parts, the client resumes from its offset, and the parts after it go up again under the
 * same numbers (S3 keeps the last part sent under a number). One request of the CLI and web app.
 */
const SAVE_EVERY_BYTES = 64 * MiB;
const RETRY_AFTER_SECONDS = 5;

/** tus answers this refusal as it is (status and body); `retryAfterSeconds` is for a handler that can set headers. */
export class UploadsBusy {
  readonly status_code = 503;
  readonly retryAfterSeconds = RETRY_AFTER_SECONDS;
  readonly body = JSON.stringify({
    statusCode: 503,
    code: 'UPLOADS_BUSY',
    message: `This server is receiving as many uploads as it can hold; send the upload's next bytes again in ${RETRY_AFTER_SECONDS} seconds`,
  });
}

/**
 * A tus store whose unfinished uploads live in the bucket, so any process can continue one (under
 * the Redis locker). Bytes go up in parts of one fixed size as an S3 multipart upload whose key is
 * the stored file's final key; what arrived after the last full part waits as a small tail object
 * until the next request fills a part. Memory per upload in flight: one part. The upload's record
 * (size, metadata, the parts' ETags) is an object beside it, rewritten at the end of each write
 * and every SAVE_EVERY_BYTES of parts within one.
 *
 * The running SHA-256 lives in the process that received the bytes, as with HashingFileStore;
 * `digestOf` answers null for an upload continued elsewhere, and the caller hashes the object.
 */
export class S3UploadStore extends DataStore {
  private readonly running = new RunningHashes();
  private readonly partBudget: ByteBudget;
  private readonly spareParts: PartBuffer[] = [];
  /** Parts between two saves of the record while a write goes on: SAVE_EVERY_BYTES' worth. */
  private readonly partsPerSave: number;

  constructor(readonly options: S3UploadStoreOptions) {
    super();
    this.partsPerSave = Math.max(1, Math.floor(SAVE_EVERY_BYTES / options.partSize));
    this.partBudget = options.partBudget ?? new ByteBudget(PART_MEMORY_BYTES);
    this.extensions = ['creation', 'creation-with-upload', 'creation-defer-length', 'termination', 'expiration'];
  }

  /** The bucket key of a storage key. */
  objectKey(key: string): string {
    return this.options.prefix ? `${this.options.prefix}/${key}` : key;
  }

  private recordKey(id: string, kind: 'info' | 'tail'): string {
    if (!/^[A-Za-z0-9_-]+$/.test(id)) throw ERRORS.FILE_NOT_FOUND;
    return this.objectKey(`tus/${id}.${kind}`);
  }

  override async create(upload: Upload): Promise<Upload> {
    const record: UploadRecord = {
      id: upload.id,
      size: upload.size ?? null,
      metadata: upload.metadata ?? {},
      creation_date: new Date().toISOString(),
      key: newKey(this.options.keyPrefix),
      multipartId: null,
      parts: [],
      inParts: 0,
      inTail: 0,
      complete: false,
    };
    await this.save(record);
    upload.creation_date = record.creation_date;
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    return uploadOf(await this.record(id));
  }

  /** The record of an upload, with the storage key its complete file has; throws tus's 404 when there is none. */
  async record(id: string): Promise<UploadRecord> {
    const body = await this.read(this.recordKey(id, 'info'));
    if (!body) throw ERRORS.FILE_NOT_FOUND;
    return JSON.parse(body.toString('utf8')) as UploadRecord;
  }

  override async declareUploadLength(id: string, size: number): Promise<void> {
    const record = await this.record(id);
    await this.save({ ...record, size });
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const record = await this.record(id);
    if (record.complete || offset !== record.inParts + record.inTail) return record.inParts + record.inTail;
    // A write holds up to one part in memory (its part buffer), the tail included: one part of the budget each.
    const refusal = (error: unknown) => Promise.reject(error instanceof BudgetExhausted ? new UploadsBusy() : error);
    const { partSize, partWaitMs = PART_WAIT_MS } = this.options;
    return this.partBudget.with(partSize, () => this.receive(readable, record, offset), partWaitMs).catch(refusal);
  }

  /** Takes a request's bytes into parts and a tail, within the write's share of the part budget. */
  private async receive(readable: Readable, record: UploadRecord, offset: number): Promise<number> {
    const { id } = record;
    const hash = this.running.take(id, offset);
    const part = this.partBuffer();
    let savedParts = record.parts.length;
    try {
      const take = async (bytes: Buffer) => {
        for (let rest = bytes; rest.length > 0;) {
          rest = part.fill(rest);
          if (!part.full) continue;
          await this.uploadPart(record, part.takeAll());
          if (record.parts.length === 1 || record.parts.length - savedParts >= this.partsPerSave) {
            await this.save(record);
            savedParts = record.parts.length;
          }
        }
      };
      const tail = record.inTail > 0 ? await this.read(this.recordKey(id, 'tail')) : null;
      // Only the bytes the record counts: a write that died between putting a longer tail and its
      // record left bytes the client has not been told of, and sends again.
      if (tail) await take(tail.subarray(0, record.inTail));
      let sourceError: unknown = null;
      try {
        for await (const chunk of readable) {
          await hash?.update(chunk as Buffer);
          await take(chunk as Buffer);
        }
      } catch (error) {
        // The bytes that did arrive are kept, as the disk keeps them, so the client resumes after them.
        sourceError = error;
      }
      try {
        await this.keepPending(record, part.takeAll(), record.parts.length > savedParts);
      } catch (error) {
        hash?.drop();
        throw error;
      }
      const written = record.inParts + record.inTail;
      if (hash) this.running.keep(id, hash, written);
      if (sourceError) throw sourceError;
      return written;
    } finally {
      if (this.spareParts.length < SPARE_PARTS) this.spareParts.push(part);
    }
  }

  /**
   * One part's buffer for a write, reused for each of its parts and then by the next write: a part
   * is copied once, from the request's chunks into it, and no part-sized garbage is left behind
   * (concatenating each part anew grew the server by 95 MB during a 1 GB upload, ADR 0018).
   */
  private partBuffer(): PartBuffer {
    return this.spareParts.pop() ?? new PartBuffer(this.options.partSize);
  }
  override async remove(id: string): Promise<void> {
    const record = await this.record(id);
    await this.discard(record);
  }

  /** Lets go of everything of an unfinished or refused upload except a complete file's object (the caller's). */
  async forget(id: string): Promise<void> {
    this.running.drop(id);
    await this.deleteObject(this.recordKey(id, 'tail'));
    await this.deleteObject(this.recordKey(id, 'info'));
  }

  override getExpiration(): number {
    return this.options.expirationPeriodInMilliseconds;
  }

  /**
   * The sweeper (a scheduled job, once across processes): removes the unfinished uploads past their
   * expiry with their parts and tails, then aborts the multipart uploads under the complete files'
   * prefix begun before the expiry that no record names any more. An expired upload whose bytes are
   * complete loses only its record: its object may already be a stored file whose adoption a crash
   * cut before the record was forgotten, and a leaked object is better than a lost file.
   */
  override async deleteExpired(): Promise<number> {
    const cutoff = Date.now() - this.getExpiration();
    let removed = 0;
    let ContinuationToken: string | undefined;
    do {
      const page = await this.options.client.send(
        new ListObjectsV2Command({ Bucket: this.options.bucket, Prefix: this.objectKey('tus/'), ContinuationToken }),
      );
      for (const object of page.Contents ?? []) {
        const id = /([A-Za-z0-9_-]+)\.info$/.exec(object.Key ?? '')?.[1];
        const record = id ? await this.record(id).catch(() => null) : null;
        if (!record || Date.parse(record.creation_date) >= cutoff) continue;
        await (record.complete ? this.forget(record.id) : this.discard(record));
        removed += 1;
      }
      ContinuationToken = page.NextContinuationToken;
    } while (ContinuationToken);
    const { client, bucket, keyPrefix } = this.options;
    return removed + (await abortAbandonedParts(client, bucket, this.objectKey(`${keyPrefix}/`), new Date(cutoff)));
  }

  /** The SHA-256 of an upload of `size` bytes, if this process hashed all of them; once. */
  digestOf(id: string, size: number): Promise<string | null> {
    return this.running.digestOf(id, size);
  }

  /** The first `bytes` bytes of a stored object (to check a file's content against its name). */
  async headOf(key: string, bytes: number): Promise<Buffer> {
    return (await this.read(this.objectKey(key), `bytes=0-${bytes - 1}`)) ?? Buffer.alloc(0);
  }

  private async uploadPart(record: UploadRecord, bytes: Buffer): Promise<void> {
    const { client, bucket } = this.options;
    const Key = this.objectKey(record.key);
    record.multipartId ??= (await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key }))).UploadId!;
    const PartNumber = record.parts.length + 1;
    const part = await client.send(new UploadPartCommand({ Bucket: bucket, Key, UploadId: record.multipartId, PartNumber, Body: bytes }));
    record.parts.push({ PartNumber, ETag: part.ETag! });
    record.inParts += bytes.length;
    // The tail that went into this part is no longer the upload's end.
    record.inTail = 0;
  }

  /**
   * Keeps bytes short of a part: the file's last part when they complete it, else the tail.
   * `unsaved`: parts went up that the saved record does not name yet.
   */
  private async keepPending(record: UploadRecord, bytes: Buffer, unsaved: boolean): Promise<void> {
    const { client, bucket } = this.options;
    if (record.size !== null && record.inParts + bytes.length === record.size) {
      const Key = this.objectKey(record.key);
      if (record.multipartId === null) {
        await client.send(new PutObjectCommand({ Bucket: bucket, Key, Body: bytes }));
      } else {
        if (bytes.length > 0 || record.parts.length === 0) await this.uploadPart(record, bytes);
        const MultipartUpload = { Parts: record.parts };
        await client.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key, UploadId: record.multipartId, MultipartUpload }));
      }
      Object.assign(record, { inParts: record.size, inTail: 0, complete: true });
      await this.save(record);
      await this.deleteObject(this.recordKey(record.id, 'tail'));
      return;
    }
    // The record names the new parts (and no tail) before the tail after them replaces the one it names.
    if (unsaved) await this.save(record);
    if (bytes.length === 0 && record.inTail === 0) return;
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: this.recordKey(record.id, 'tail'), Body: bytes }));
    record.inTail = bytes.length;
    await this.save(record);
  }

  private async discard(record: UploadRecord): Promise<void> {
    const { client, bucket } = this.options;
    if (record.multipartId && !record.complete) {
      const Key = this.objectKey(record.key);
      await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key, UploadId: record.multipartId }));
    }
    if (record.complete) await this.deleteObject(this.objectKey(record.key));
    await this.forget(record.id);
  }

  private async save(record: UploadRecord): Promise<void> {
    const Body = JSON.stringify(record);
    await this.options.client.send(new PutObjectCommand({ Bucket: this.options.bucket, Key: this.recordKey(record.id, 'info'), Body }));
  }

  private async deleteObject(Key: string): Promise<void> {
    await this.options.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key }));
  }

  private async read(Key: string, Range?: string): Promise<Buffer | null> {
    try {
      const object = await this.options.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key, Range }));
      const bytes = await object.Body!.transformToByteArray();
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
    } catch (error) {
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
      throw error;
    }
  }
}

function uploadOf(record: UploadRecord): Upload {
  return new Upload({
    id: record.id,
    size: record.size ?? undefined,
    offset: record.inParts + record.inTail,
    metadata: record.metadata,
    creation_date: record.creation_date,
  });
}

/** Part buffers kept between writes: enough for uploads that follow one another, not a peak's worth held for good. */
const SPARE_PARTS = 2;

/** A part's bytes as they arrive, in one buffer of the part size. */
class PartBuffer {
  private readonly buffer: Buffer;
  private filled = 0;

  constructor(size: number) {
    this.buffer = Buffer.allocUnsafeSlow(size);
  }

  get full(): boolean {
    return this.filled === this.buffer.length;
  }

  /** Copies as much of `chunk` as fits; answers what did not. */
  fill(chunk: Buffer): Buffer {
    const taken = Math.min(chunk.length, this.buffer.length - this.filled);
    chunk.copy(this.buffer, this.filled, 0, taken);
    this.filled += taken;
    return chunk.subarray(taken);
  }

  /** The bytes so far, emptying the buffer: valid until the next fill, so sent before it. */
  takeAll(): Buffer {
    const bytes = this.buffer.subarray(0, this.filled);
    this.filled = 0;
    return bytes;
  }
}

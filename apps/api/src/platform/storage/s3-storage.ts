import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { pipeline, Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Settings } from '../../config.ts';
import { ByteBudget } from './byte-budget.ts';
import {
  attachmentHeader,
  checkedKey,
  Meter,
  newKey,
  type DownloadUrlOptions,
  type OpenOptions,
  type Storage,
  type StoredObject,
} from './storage.ts';

/** S3 takes at most 10,000 parts for one object: 8 MiB parts hold 78 GiB, a larger limit gets larger parts. */
const MIN_PART_BYTES = 8 * 1024 * 1024;
const MAX_PARTS = 10_000;
const MAX_PART_BYTES = 5 * 1024 * 1024 * 1024;
/** Parts on their way per upload: an upload holds about this many parts plus the one being filled in memory. */
const PARTS_IN_FLIGHT = 2;
/**
 * What all puts and adoptions of one process may hold in memory at once (each about
 * PARTS_IN_FLIGHT + 1 parts): past it an upload waits its turn instead of the process running out of memory.
 */
const UPLOAD_MEMORY_BYTES = 256 * 1024 * 1024;
/** Each open download keeps its connection to the store until the client has read it; the SDK's default is 50. */
const DOWNLOAD_SOCKETS = 256;
/**
 * What the unfinished resumable uploads (platform/uploads/s3-upload-store.ts) of one process may hold
 * in parts at once, a budget of their own beside the puts': one part (5 MiB or more) per write in flight.
 */
export const PART_MEMORY_BYTES = 256 * 1024 * 1024;
const SMALLEST_UPLOAD_PART = 5 * 1024 * 1024;
/**
 * Connections for parts on their way, so that no part waits for a socket behind the downloads: the
 * puts' budget in parts of their smallest size (each put sends fewer than it holds), and one per
 * resumable upload's write that the part budget lets run.
 */
const PART_SOCKETS = Math.ceil(UPLOAD_MEMORY_BYTES / MIN_PART_BYTES) + Math.ceil(PART_MEMORY_BYTES / SMALLEST_UPLOAD_PART);
export const MAX_SOCKETS = DOWNLOAD_SOCKETS + PART_SOCKETS;

/** How long the client waits on the store (ADR 0017, addendum on timeouts). */
export interface S3Timeouts {
  /** TCP (and TLS) connection to the store. */
  connectionMs: number;
  /**
   * From the request's start (a free socket included) to the answer's headers: a store that takes
   * a request and never answers fails it instead of holding its socket and its caller for ever.
   * A part (≤ 11 MiB) is sent within it, already in memory.
   */
  requestMs: number;
  /** A connection without any byte either way: a download whose client stopped reading ends here. */
  idleMs: number;
  /** Waiting this long for a free socket logs the SDK's warning: a sign MAX_SOCKETS is too small. */
  socketWarningMs: number;
}

/** The readiness probe's HEAD of the bucket: short, a probe fails after a few seconds anyway. */
const READY_CHECK_MS = 2_000;
const READY_CACHE_MS = 5_000;

export const S3_TIMEOUTS: S3Timeouts = { connectionMs: 5_000, requestMs: 60_000, idleMs: 120_000, socketWarningMs: 5_000 };

export function s3ClientOf(settings: S3Settings, timeouts: S3Timeouts = S3_TIMEOUTS): S3Client {
  const agent = { keepAlive: true, maxSockets: MAX_SOCKETS };
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Since SDK 3.729 every upload carries CRC32 checksum headers that several S3-compatible stores
    // (R2, B2, older MinIO and Ceph RGW) refuse; there they are sent only where the API requires them.
    // AWS S3 itself keeps the SDK's default and checks them (ADR 0017).
    ...(settings.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
    requestHandler: {
      connectionTimeout: timeouts.connectionMs,
      requestTimeout: timeouts.requestMs,
      // Without it the SDK only logs a request past requestTimeout and keeps waiting.
      throwOnRequestTimeout: true,
      socketTimeout: timeouts.idleMs,
      socketAcquisitionWarningTimeout: timeouts.socketWarningMs,
      httpAgent: agent,
      httpsAgent: agent,
    },
  });
}

/**
 * Stored files as objects of one bucket, each key under the bucket's prefix. Bytes stream through
 * in parts (lib-storage), so memory stays bounded whatever the size; an object appears only when
 * its upload completes, and a failed one is aborted, so nobody ever reads half a file.
 */
export class S3Storage implements Storage {
  private readonly uploadMemory = new ByteBudget(UPLOAD_MEMORY_BYTES);
  /** The last reachability check, shared by the probes that come while it runs. */
  private lastCheck: { at: number; answer: Promise<boolean> } | null = null;

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly prefix: string,
    /** Seconds a presigned download URL stays valid. */
    private readonly downloadUrlSeconds = 300,
  ) {}

  async put(prefix: string, source: Readable, maxBytes: number): Promise<StoredObject> {
    const key = newKey(prefix);
    const meter = new Meter(maxBytes);
    let bodyError: Error | null = null;
    const body = pipeline(source, meter, (error) => (bodyError ??= error ?? null));
    try {
      await this.upload(key, body, partSizeFor(maxBytes));
    } catch (error) {
      body.destroy();
      // The stream's own failure (too large, the client gone) tells more than a failed abort after it.
      throw bodyError ?? error;
    }
    return { key, size: meter.bytes, sha256: meter.sha256() };
  }

  async adopt(prefix: string, localPath: string, knownSha256?: string | null): Promise<StoredObject> {
    const key = newKey(prefix);
    const { size } = await stat(localPath);
    const meter = knownSha256 ? null : new Meter(Infinity);
    const file = createReadStream(localPath);
    const body = meter ? pipeline(file, meter, () => undefined) : file;
    try {
      await this.upload(key, body, partSizeFor(size), size);
    } finally {
      body.destroy();
    }
    // Taken over like the disk's rename: the local copy goes once the object is complete.
    await rm(localPath, { force: true });
    return { key, size, sha256: knownSha256 || meter!.sha256() };
  }

  async open(key: string, options: OpenOptions = {}): Promise<{ stream: Readable; size: number } | null> {
    // A ranged GET: the store sends the first bytes only, not the whole file for the sake of its signature.
    const Range = options.firstBytes ? `bytes=0-${options.firstBytes - 1}` : undefined;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key), Range }));
      // A ranged answer's length is the range's; the whole size follows the slash of Content-Range.
      const size = Range ? Number(/\/(\d+)$/.exec(object.ContentRange ?? '')?.[1] ?? object.ContentLength) : object.ContentLength;
      // An empty object has no byte to range over: S3 answers 416 (below), s3rver a range of one byte it never sends.
      if (Range && size === 0) (object.Body as Readable).destroy();
      return { stream: Range && size === 0 ? Readable.from([]) : (object.Body as Readable), size: size ?? 0 };
    } catch (error) {
      const status = statusOf(error);
      if (status === 404) return null;
      // An empty object has no first byte to range over (416): it is read whole, which is nothing.
      if (status === 416 && Range) return this.open(key);
      throw error;
    }
  }

  /**
   * A HEAD of the bucket within READY_CHECK_MS (retries included), its answer kept READY_CACHE_MS: every pod's probe
   * every few seconds would otherwise be a request to the store each (a paid one on AWS).
   */
  reachable(): Promise<boolean> {
    const now = Date.now();
    if (this.lastCheck && now - this.lastCheck.at < READY_CACHE_MS) return this.lastCheck.answer;
    const answer = this.client
      .send(new HeadBucketCommand({ Bucket: this.bucket }), { abortSignal: AbortSignal.timeout(READY_CHECK_MS) })
      .then(() => true)
      .catch(() => false);
    this.lastCheck = { at: now, answer };
    return answer;
  }

  async remove(key: string): Promise<void> {
    // Removing a missing object succeeds in S3, as rm with force does on the disk.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  /**
   * A presigned GET: the store answers with the file's name and type from the signed query, so
   * the browser saves it as the portal's own answer would. Signing is local, no request to the store.
   */
  async downloadUrl(key: string, options: DownloadUrlOptions): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.objectKey(key),
      ResponseContentDisposition: attachmentHeader(options.filename),
      ResponseContentType: options.contentType,
      ResponseCacheControl: 'no-store',
    });
    return getSignedUrl(this.client, command, { expiresIn: this.downloadUrlSeconds });
  }

  private objectKey(key: string): string {
    return this.prefix ? `${this.prefix}/${checkedKey(key)}` : checkedKey(key);
  }

  /** One PutObject for a body smaller than a part, else a multipart upload that is aborted when anything fails. */
  private async upload(key: string, body: Readable, partSize: number, size?: number): Promise<void> {
    const params = { Bucket: this.bucket, Key: this.objectKey(key), Body: body, ContentLength: size };
    await this.uploadMemory.with((PARTS_IN_FLIGHT + 1) * partSize, () =>
      new Upload({ client: this.client, params, partSize, queueSize: PARTS_IN_FLIGHT, leavePartsOnError: false }).done(),
    );
  }
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

export function partSizeFor(maxBytes: number): number {
  return Math.min(MAX_PART_BYTES, Math.max(MIN_PART_BYTES, Math.ceil(maxBytes / MAX_PARTS)));
}

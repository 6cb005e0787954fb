import type { IncomingMessage } from 'node:http';
import { Transform, type TransformCallback } from 'node:stream';
import { EXPOSED_HEADERS, TUS_RESUMABLE, type DataStore, type Locker, type Upload } from '@tus/server';
import type { ErrorCode } from '@casebridge/shared/errors';
import { errorBody } from '../../lib/error-handler.ts';

/**
 * The tus PATCH request (the bytes of an upload), answered by us instead of @tus/server (ADR 0018,
 * addendum): @tus/server 2.x turns the Node request into a web Request and its store turns the
 * body back into a Node stream, and that round trip cost 40 % of an upload's speed. Here the Node
 * request goes straight to the store's `write`, under the same lock and with the rules @tus/server
 * keeps (tus 1.0.0 core, creation-defer-length, expiration). Knows nothing of what is uploaded:
 * who may write is `checkRequest`, what becomes of a complete upload is `onUploadFinish`.
 */
export interface TusPatchOptions {
  datastore: DataStore;
  locker: Locker;
  /** The largest upload in bytes; 0 for no bound. */
  maxSize: number;
  /** Throws a refusal ({ status_code, body }) when this request may not write to the upload. */
  checkRequest(request: IncomingMessage, id: string): Promise<void>;
  /** Once the last byte is in (after the lock is let go, as @tus/server does): headers for the answer. */
  onUploadFinish(request: IncomingMessage, upload: Upload): Promise<Record<string, string>>;
  /** How long a request holding the lock may go on once another one asks for it. */
  lockDrainMs?: number;
}

export interface TusAnswer {
  status: number;
  headers: Record<string, string>;
  body?: string;
}

/** What tus and our hooks throw to answer with. */
type Refusal = { status_code: number; body: string };

const CODES: Partial<Record<number, ErrorCode>> = {
  404: 'UPLOAD_NOT_FOUND',
  409: 'CONFLICT',
  410: 'UPLOAD_NOT_FOUND',
  413: 'UPLOAD_TOO_LARGE',
};

function refusal(status: number, message: string): Refusal {
  const code = CODES[status] ?? (status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED');
  return { status_code: status, body: JSON.stringify(errorBody(status, code, message)) };
}

function isRefusal(error: unknown): error is Refusal {
  return typeof error === 'object' && error !== null && 'status_code' in error && typeof error.status_code === 'number' && 'body' in error;
}

/** A refusal of tus or of our hooks in our JSON error shape: tus's own are plain text. Anything else (a fault) is not one. */
export function inOurShape(error: unknown): Refusal | undefined {
  if (!isRefusal(error)) return undefined;
  return error.body.startsWith('{') ? error : refusal(error.status_code, error.body.trim());
}

/** A tus header value: a non-negative integer written plainly, else null. */
function byteCount(value: string | string[] | undefined): number | null {
  const count = Number(value);
  return typeof value === 'string' && Number.isSafeInteger(count) && count >= 0 && String(count) === value ? count : null;
}

/** Answers one PATCH; refusals as our JSON errors, with the headers every tus answer carries (as @tus/server sets them). */
export async function answerTusPatch(options: TusPatchOptions, request: IncomingMessage, id: string): Promise<TusAnswer> {
  const headers = { 'Tus-Resumable': TUS_RESUMABLE, 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': EXPOSED_HEADERS };
  try {
    const answer = await patch(options, request, id);
    return { ...answer, headers: { ...headers, ...answer.headers } };
  } catch (error) {
    // tus's own refusals are plain text: given a code, so that the web app can say them in the user's language.
    const ours = inOurShape(error);
    if (!ours || !isRefusal(error)) throw error;
    const { body } = ours;
    // A store that is full for now (the bucket's part budget) says when to come back.
    const retryAfter: Record<string, string> =
      'retryAfterSeconds' in error && typeof error.retryAfterSeconds === 'number' ? { 'Retry-After': String(error.retryAfterSeconds) } : {};
    return { status: error.status_code, headers: { ...headers, ...retryAfter, 'Content-Type': 'application/json; charset=utf-8' }, body };
  }
}

async function patch(options: TusPatchOptions, request: IncomingMessage, id: string): Promise<Omit<TusAnswer, 'body'>> {
  if (request.headers['tus-resumable'] !== TUS_RESUMABLE) throw refusal(412, `Tus-Resumable ${TUS_RESUMABLE} required`);
  if (request.headers['content-type'] !== 'application/offset+octet-stream')
    throw refusal(415, 'The Content-Type must be application/offset+octet-stream');
  const offset = byteCount(request.headers['upload-offset']);
  if (offset === null) throw refusal(400, 'Upload-Offset must be a byte count');
  if (/[/\\\0]/.test(id)) throw refusal(404, 'Upload not found');
  await options.checkRequest(request, id);
  const { datastore } = options;
  const lock = options.locker.newLock(id);
  const body = new RequestBody(request, options.lockDrainMs ?? 3000);
  let upload: Upload;
  try {
    await lock.lock(body.abortion.signal, () => body.stopSoon());
    try {
      upload = await writable(datastore, request, id, offset, options.maxSize);
      upload.offset = await datastore.write(body.limitedTo(bodyLimit(request, upload, options.maxSize)), id, offset);
    } finally {
      await lock.unlock();
    }
  } finally {
    body.release();
  }
  if (body.stream.overflowed) throw refusal(413, 'The request carries more bytes than the upload has room for');
  const finished = upload.offset === upload.size ? await options.onUploadFinish(request, upload) : {};
  return { status: 204, headers: { 'Upload-Offset': String(upload.offset), ...expiresHeader(datastore, upload), ...finished } };
}

/** The upload, checked under the lock: not expired, at the client's offset, its length declared now if it was deferred. */
async function writable(datastore: DataStore, request: IncomingMessage, id: string, offset: number, maxSize: number): Promise<Upload> {
  const upload = await datastore.getUpload(id);
  if (expiresAt(datastore, upload) < Date.now()) throw refusal(410, 'The upload has expired');
  // The offsets differ: the upload stays as it is (tus core).
  if (upload.offset !== offset) throw refusal(409, `The upload is at byte ${upload.offset}, not ${offset}`);
  const declared = request.headers['upload-length'];
  if (declared === undefined) return upload;
  const size = byteCount(declared);
  if (size === null || upload.size !== undefined || size < upload.offset) throw refusal(400, 'Upload-Length is invalid or already known');
  if (!datastore.hasExtension('creation-defer-length')) throw refusal(400, 'Upload-Length cannot be declared later here');
  if (maxSize > 0 && size > maxSize) throw refusal(413, 'The file is larger than uploads may be');
  await datastore.declareUploadLength(id, size);
  upload.size = size;
  return upload;
}

/** How many bytes this request may bring (@tus/server's rule): what is left of the upload, or of the largest upload while its length is unknown. */
function bodyLimit(request: IncomingMessage, upload: Upload, maxSize: number): number {
  const length = byteCount(request.headers['content-length']);
  const room = upload.size !== undefined ? upload.size - upload.offset : maxSize > 0 ? maxSize - upload.offset : Number.MAX_SAFE_INTEGER;
  if (length !== null && length > room) throw refusal(413, 'The request carries more bytes than the upload has room for');
  return room;
}

function expiresAt(datastore: DataStore, upload: Upload): number {
  const period = datastore.hasExtension('expiration') ? datastore.getExpiration() : 0;
  return period > 0 && upload.creation_date ? Date.parse(upload.creation_date) + period : Number.POSITIVE_INFINITY;
}

/** Upload-Expires (RFC 7231 date) while the upload is unfinished and expiration is on. */
function expiresHeader(datastore: DataStore, upload: Upload): Record<string, string> {
  const at = expiresAt(datastore, upload);
  if (at === Number.POSITIVE_INFINITY || upload.offset === upload.size) return {};
  return { 'Upload-Expires': new Date(at).toUTCString() };
}

/**
 * The request's body as the store reads it, in one stream: bounded (a request with more bytes than
 * the upload has room for ends there and is refused), and ended, not failed, when the client goes
 * away or another request asks for the lock, so that the store keeps the bytes that did arrive.
 */
class RequestBody {
  /** Aborted when the client is gone: a request still waiting for the lock gives up. */
  readonly abortion = new AbortController();
  readonly stream: BoundedBody;
  private drainTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly request: IncomingMessage,
    private readonly drainMs: number,
  ) {
    this.stream = new BoundedBody(this.stop);
    // The client went away (the request fails with ECONNRESET): the store keeps what came.
    request.on('error', this.stop);
  }

  limitedTo(bytes: number): BoundedBody {
    this.stream.room = bytes;
    this.request.pipe(this.stream);
    return this.stream;
  }

  /** Another request wants the lock: this one ends after a while, keeping what it wrote. */
  stopSoon(): void {
    this.drainTimer ??= setTimeout(this.stop, this.drainMs);
  }

  release(): void {
    clearTimeout(this.drainTimer);
    this.request.off('error', this.stop);
  }

  private readonly stop = () => {
    this.abortion.abort();
    this.request.unpipe(this.stream);
    if (!this.stream.writableEnded) this.stream.end();
  };
}

class BoundedBody extends Transform {
  room = Number.MAX_SAFE_INTEGER;
  overflowed = false;

  constructor(private readonly onOverflow: () => void) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (chunk.length <= this.room) {
      this.room -= chunk.length;
      return done(null, chunk);
    }
    this.overflowed = true;
    if (this.room > 0) this.push(chunk.subarray(0, this.room));
    this.room = 0;
    this.onOverflow();
    done();
  }
}

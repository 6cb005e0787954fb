import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { DetailedError, Upload, type FileReader } from 'tus-js-client';
import { TUS_CHUNK_BYTES } from '@casebridge/shared/constants/uploads';
import { ApiError, errorOf, networkError } from './api.ts';
import { CliError } from './io.ts';

export const TUS_PATH = '/api/uploads';
const TUS_VERSION = '1.0.0';

export class UploadInterrupted extends Error {
  constructor(readonly offset: number) {
    super(`upload interrupted at byte ${offset}`);
  }
}

export interface UploadOptions {
  base: string;
  token: string;
  file: string;
  metadata: Record<string, string>;
  /** Continue this upload (from the offset the server reports) instead of starting one. */
  uploadUrl?: string;
  chunkSize?: number;
  retryDelays?: number[];
  /** The upload's URL as soon as the server created it: persist it to resume later. */
  onUrl: (url: string) => Promise<void> | void;
  onProgress: (bytes: number, total: number) => void;
  /** After each accepted chunk; returning true aborts the upload there (tests). */
  afterChunk?: (accepted: number, total: number) => boolean;
}

export interface UploadResult {
  url: string;
  /** The CaseBridge-Sha256 header of the finishing PATCH. */
  sha256: string | undefined;
}

/**
 * One file through tus: creates the upload (or resumes `uploadUrl` from the server's offset,
 * which tus-js-client asks for with HEAD), sends it in chunks, and resolves with the server's
 * SHA-256 of what it stored. Every request carries the bearer token.
 */
export async function tusUpload(options: UploadOptions): Promise<UploadResult> {
  const { size } = await stat(options.file);
  return new Promise<UploadResult>((resolve, reject) => {
    let urlSaved: Promise<void> = Promise.resolve();
    const upload = new Upload(Buffer.alloc(0), {
      fileReader: fileReaderOf(options.file, size),
      endpoint: `${options.base}${TUS_PATH}`,
      uploadUrl: options.uploadUrl ?? null,
      metadata: options.metadata,
      headers: { Authorization: `Bearer ${options.token}` },
      chunkSize: options.chunkSize ?? TUS_CHUNK_BYTES,
      retryDelays: options.retryDelays ?? [0, 1000, 3000, 5000],
      storeFingerprintForResuming: false,
      removeFingerprintOnSuccess: false,
      onUploadUrlAvailable: () => {
        if (upload.url) urlSaved = Promise.resolve(options.onUrl(upload.url));
      },
      onProgress: (sent, total) => options.onProgress(sent, total),
      onChunkComplete: (_size, accepted, total) => {
        if (options.afterChunk?.(accepted, total)) {
          void upload.abort();
          urlSaved.then(() => reject(new UploadInterrupted(accepted)), reject);
        }
      },
      onSuccess: ({ lastResponse }) => {
        urlSaved.then(() => resolve({ url: upload.url ?? '', sha256: lastResponse.getHeader('CaseBridge-Sha256') }), reject);
      },
      onError: (error) => reject(tusError(options.base, error)),
    });
    upload.start();
  });
}

/** Bytes per read from the file: Node's default is 64 KiB. */
const READ_BYTES = 1024 * 1024;

/**
 * The file in slices tus-js-client sends one per request, each a stream from the disk (never held
 * in memory), read 1 MiB at a time: a sixteenth of the reads, socket writes and progress steps of
 * tus-js-client's own file source, which reads 64 KiB at a time (bench:files, client CPU per GB).
 */
function fileReaderOf(file: string, size: number): FileReader {
  const source = {
    size,
    slice: (start: number, end: number) => {
      const stop = Math.min(end, size);
      const value = createReadStream(file, { start, end: stop - 1, highWaterMark: READ_BYTES });
      // The request's Content-Length (tus-js-client's HTTP stack reads `size`).
      return Promise.resolve({ value: Object.assign(value, { size: stop - start }), done: stop >= size });
    },
    close: () => undefined,
  };
  return { openFile: () => Promise.resolve(source) };
}

/** A failed tus request, as the same words the JSON API errors use. */
function tusError(base: string, error: Error): Error {
  if (error instanceof DetailedError) {
    const response = error.originalResponse;
    if (response) return errorOf(response.getStatus(), response.getBody() ?? '', TUS_PATH);
    return networkError(base, error.causingError ?? error);
  }
  return error;
}

export type UploadState = { status: 'open'; offset: number; length: number } | { status: 'gone' };

/** Where an earlier upload stands on the server (tus HEAD). */
export async function uploadOffset(url: string, token: string, base: string): Promise<UploadState> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'HEAD',
      headers: { 'Tus-Resumable': TUS_VERSION, authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw networkError(base, error);
  }
  if (response.status === 404 || response.status === 410) return { status: 'gone' };
  if (!response.ok) throw new ApiError(response.status, undefined, '', url);
  const offset = Number(response.headers.get('upload-offset'));
  const length = Number(response.headers.get('upload-length'));
  if (!Number.isSafeInteger(offset)) throw new CliError(`${url} answered without an Upload-Offset: is ${base} a CaseBridge portal?`);
  return { status: 'open', offset, length };
}

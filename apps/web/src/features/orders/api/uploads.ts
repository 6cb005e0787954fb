import { Upload, type DetailedError } from 'tus-js-client';
import type { ApiErrorBody } from '@casebridge/shared/errors';
import { STORAGE_KEYS } from '@casebridge/shared/constants/storage-keys';
import { TUS_CHUNK_BYTES } from '@casebridge/shared/constants/uploads';
import { ApiError } from '../../../lib/api-client.ts';
import { uploadReturnedFile } from '@casebridge/shared/contracts/orders';
import { callMultipart } from '../../../lib/api-call.ts';

export const TUS_ENDPOINT = '/api/uploads';

export interface UploadHandle {
  done: Promise<void>;
  abort: () => void;
}

function bearer(): string {
  return `Bearer ${localStorage.getItem(STORAGE_KEYS.token) ?? ''}`;
}

/** The server's refusal in its own words (its JSON body carries a message), else the client's. */
export function tusErrorMessage(error: Error): string {
  const response = (error as DetailedError).originalResponse;
  const body = response?.getBody();
  if (body) {
    try {
      const parsed = JSON.parse(body) as { message?: unknown };
      if (typeof parsed.message === 'string' && parsed.message) return parsed.message;
    } catch {
      if (body.length < 300) return body;
    }
  }
  return error.message;
}

/** A refusal with a code becomes an ApiError, so that it is shown in the reader's language; anything else keeps its words. */
export function tusError(error: Error): Error {
  const body = (error as DetailedError).originalResponse?.getBody();
  try {
    const parsed = body ? (JSON.parse(body) as Partial<ApiErrorBody>) : null;
    if (parsed && typeof parsed.code === 'string' && typeof parsed.statusCode === 'number') {
      return new ApiError({
        statusCode: parsed.statusCode,
        error: '',
        code: parsed.code,
        message: typeof parsed.message === 'string' ? parsed.message : '',
      });
    }
  } catch {
    // Not JSON: the text below says what it can.
  }
  return new Error(tusErrorMessage(error));
}

/**
 * Whether tus-js-client tries a failed request again. Its default retries every 409, but a 409 with
 * our code (PLAN_LIMIT_REACHED when the mill's storage filled up while the file was on its way) is
 * final: a retry would start the upload anew, send its bytes again and be refused again, telling
 * the mill each time. Offset conflicts (tus's own 409, plain text), 423, 5xx and network failures
 * are still retried, as by default.
 */
export function shouldRetryUpload(error: Error): boolean {
  if (tusError(error) instanceof ApiError) return false;
  const status = (error as DetailedError).originalResponse?.getStatus() ?? 0;
  const retriable = status < 400 || status >= 500 || status === 409 || status === 423;
  return retriable && (typeof navigator === 'undefined' || navigator.onLine !== false);
}

/**
 * Which earlier upload a file continues: tus-js-client keeps each upload's URL in local storage
 * under this key. The component is part of it, so the same file on another component (or in
 * another order) is a new upload; the server answers 404 for an upload of another user, and
 * tus-js-client then starts afresh.
 */
export function resumeKey(file: File, componentId: number): string {
  return ['casebridge', componentId, file.name, file.type, file.size, file.lastModified].join('-');
}

/**
 * Forgets the browser's unfinished uploads of these components (a discarded order's): the
 * server removed their bytes, and tus-js-client would otherwise keep their URLs until sign-out.
 * Its keys are `tus::<fingerprint>::<random>`.
 */
export function forgetUploads(componentIds: number[]): void {
  const prefixes = componentIds.map((id) => `tus::${['casebridge', id, ''].join('-')}`);
  const keys = Array.from({ length: localStorage.length }, (_v, i) => localStorage.key(i) ?? '');
  for (const key of keys) if (prefixes.some((prefix) => key.startsWith(prefix))) localStorage.removeItem(key);
}

/** Continues the newest earlier attempt at this file that the browser remembers, else starts anew. */
async function startOrResume(upload: Upload, stillWanted: () => boolean): Promise<void> {
  const previous = await upload.findPreviousUploads().catch(() => []);
  const newest = previous.sort((a, b) => Date.parse(b.creationTime) - Date.parse(a.creationTime))[0];
  if (newest) upload.resumeFromPreviousUpload(newest);
  if (stillWanted()) upload.start();
}

/**
 * Sends one document of one component with the tus protocol (ADR 0003): resumable in 8 MiB
 * chunks, retried after short pauses, with the bearer token on every request. A file sent
 * before (an interrupted attempt, or a page reload) continues from what the server holds.
 */
export function uploadDocument(
  file: File,
  target: { orderId: number; componentId: number },
  onProgress: (sent: number, total: number) => void,
): UploadHandle {
  let upload: Upload | null = null;
  let aborted = false;
  const done = new Promise<void>((resolve, reject) => {
    upload = new Upload(file, {
      endpoint: TUS_ENDPOINT,
      metadata: { filename: file.name, orderId: String(target.orderId), componentId: String(target.componentId) },
      headers: { Authorization: bearer() },
      chunkSize: TUS_CHUNK_BYTES,
      retryDelays: [0, 1000, 3000],
      onShouldRetry: (error) => shouldRetryUpload(error),
      fingerprint: (picked) => Promise.resolve(resumeKey(picked, target.componentId)),
      removeFingerprintOnSuccess: true,
      onProgress,
      onAfterResponse: (request, response) => {
        // A resumed upload asks for its offset first: show it before the next bytes move.
        const offset = Number.parseInt(response.getHeader('Upload-Offset') ?? '', 10);
        if (request.getMethod() === 'HEAD' && !Number.isNaN(offset)) onProgress(offset, file.size);
      },
      onSuccess: () => resolve(),
      onError: (error) => reject(tusError(error)),
    });
    void startOrResume(upload, () => !aborted);
  });
  return {
    done,
    abort: () => {
      aborted = true;
      void upload?.abort();
    },
  };
}

/**
 * The mill hands a file back (POST /downloads, multipart `files.file`). The part's file name is
 * the name the document gets (the API has no other name field): the file goes under that name,
 * as a new File over the same bytes (nothing is copied).
 */
export async function uploadDownloadFile(
  file: File,
  name: string,
  target: { projectId: number; componentId: number },
  onProgress: (sent: number, total: number) => void,
): Promise<void> {
  const named = name === file.name ? file : new File([file], name, { type: file.type, lastModified: file.lastModified });
  await callMultipart(uploadReturnedFile, { query: target, data: {}, file: named, onProgress });
}

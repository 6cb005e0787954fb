import { Upload, type DetailedError } from 'tus-js-client';
import type { ApiErrorBody } from '@casebridge/shared/errors';
import { STORAGE_KEYS } from '@casebridge/shared/constants/storage-keys';
import { ApiError, buildUrl } from '../../../lib/api-client.ts';

export const TUS_ENDPOINT = '/api/uploads';
export const TUS_CHUNK_SIZE = 8 * 1024 * 1024;

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

/**
 * Sends one document of one component with the tus protocol (ADR 0003): resumable in 8 MiB
 * chunks, retried after short pauses, with the bearer token on every request.
 */
export function uploadDocument(
  file: File,
  target: { orderId: number; componentId: number },
  onProgress: (sent: number, total: number) => void,
): UploadHandle {
  let upload: Upload | null = null;
  const done = new Promise<void>((resolve, reject) => {
    upload = new Upload(file, {
      endpoint: TUS_ENDPOINT,
      metadata: { filename: file.name, orderId: String(target.orderId), componentId: String(target.componentId) },
      headers: { Authorization: bearer() },
      chunkSize: TUS_CHUNK_SIZE,
      retryDelays: [0, 1000, 3000],
      removeFingerprintOnSuccess: true,
      onProgress,
      onSuccess: () => resolve(),
      onError: (error) => reject(new Error(tusErrorMessage(error))),
    });
    upload.start();
  });
  return { done, abort: () => void upload?.abort() };
}

function parseErrorBody(xhr: XMLHttpRequest): ApiError {
  try {
    const body = JSON.parse(xhr.responseText) as ApiErrorBody;
    if (body && typeof body.message === 'string') return new ApiError(body);
  } catch {
    // fall through to a generic error
  }
  return new ApiError({ statusCode: xhr.status, error: xhr.statusText, code: 'INTERNAL', message: xhr.statusText || 'Upload failed' });
}

/**
 * The mill hands a file back (POST /downloads, multipart `files.file`). XMLHttpRequest rather
 * than fetch, because only it reports upload progress.
 */
export function uploadDownloadFile(
  file: File,
  target: { projectId: number; componentId: number },
  onProgress: (sent: number, total: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl('/downloads', { projectId: target.projectId, componentId: target.componentId }));
    xhr.setRequestHeader('Authorization', bearer());
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(parseErrorBody(xhr)));
    xhr.onerror = () =>
      reject(new ApiError({ statusCode: 0, error: 'Network error', code: 'INTERNAL', message: 'The server could not be reached' }));
    const form = new FormData();
    form.append('files.file', file, file.name);
    xhr.send(form);
  });
}

import { authHeaders, buildUrl, errorFromResponse, networkError, parseBody, type QueryParams } from './api-client.ts';

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  query?: QueryParams;
  /** Bytes sent so far of all there is to send (the whole multipart body). */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled', 'AbortError');
}

/**
 * Sends a multipart body with XMLHttpRequest rather than fetch, because only it reports upload
 * progress. Unlike the api-client it sets no overall timeout: a large file on a slow line may take
 * longer than any fixed limit, and the person watching the progress can cancel it instead.
 * A refusal becomes the same ApiError the api-client throws; a cancel, an AbortError as with fetch.
 */
export function uploadWithProgress<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const { method = 'POST', query, onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const xhr = new XMLHttpRequest();
    xhr.open(method, buildUrl(path, query));
    for (const [name, value] of Object.entries({ Accept: 'application/json', ...authHeaders() })) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    const cancel = () => xhr.abort();
    signal?.addEventListener('abort', cancel, { once: true });
    const settle = (outcome: () => void) => {
      signal?.removeEventListener('abort', cancel);
      outcome();
    };
    xhr.onload = () =>
      settle(() => {
        const body = parseBody(xhr.responseText);
        if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
        else reject(errorFromResponse(xhr, body));
      });
    xhr.onerror = () => settle(() => reject(networkError(false)));
    xhr.onabort = () => settle(() => reject(abortError()));
    xhr.send(form);
  });
}

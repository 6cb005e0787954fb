import { useQuery, useQueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@casebridge/shared/constants/storage-keys';
import type { ApiErrorBody } from '@casebridge/shared/errors';
import { ApiError, apiRequest, buildUrl } from '../../lib/api-client.ts';

/** Spec §9: an import's status is cached 30 s; while an import runs the page asks every 2 s. */
export const STATUS_STALE_MS = 30_000;
export const RUNNING_POLL_MS = 2_000;

/** Where an import kind lives in the API: its status, its upload (multipart `files.file`). */
export interface ImportEndpoints {
  key: string;
  statusPath: string;
  uploadPath: string;
}

type Status = { status: 'idle' | 'running' };

/**
 * A file imported in the background (customers, tickets): the status, polled while an import
 * runs, and the upload, whose answer is the new status, shown at once until polling takes over.
 */
export function useBackgroundImport<S extends Status, Log>(endpoints: ImportEndpoints, logOf: (status: S) => Log | null) {
  const queryClient = useQueryClient();
  const queryKey = [endpoints.key, 'status'];
  const status = useQuery({
    queryKey,
    queryFn: ({ signal }) => apiRequest<S>(endpoints.statusPath, { signal }),
    staleTime: STATUS_STALE_MS,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? RUNNING_POLL_MS : false),
  });
  const upload = async (file: File, onProgress: (percent: number) => void) => {
    queryClient.setQueryData(queryKey, await uploadFile<S>(endpoints.uploadPath, file, onProgress));
  };
  return { status, running: status.data?.status === 'running', log: status.data ? logOf(status.data) : null, upload };
}

export type BackgroundImport<Log> = ReturnType<typeof useBackgroundImport<Status, Log>>;

function refusal(xhr: XMLHttpRequest): ApiError {
  try {
    const body = JSON.parse(xhr.responseText) as ApiErrorBody;
    if (body && typeof body.message === 'string') return new ApiError(body);
  } catch {
    // Not our JSON (a proxy's error page): the generic error below.
  }
  return new ApiError({ statusCode: xhr.status, error: xhr.statusText, code: 'INTERNAL', message: xhr.statusText || 'Upload failed' });
}

/** POSTs the file as multipart `files.file`. XMLHttpRequest, as only it reports upload progress. */
function uploadFile<S>(path: string, file: File, onProgress: (percent: number) => void): Promise<S> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path));
    xhr.setRequestHeader('Authorization', `Bearer ${localStorage.getItem(STORAGE_KEYS.token) ?? ''}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve(JSON.parse(xhr.responseText) as S) : reject(refusal(xhr)));
    xhr.onerror = () => reject(new ApiError({ statusCode: 0, error: 'Network error', code: 'INTERNAL', message: 'The server could not be reached' }));
    const form = new FormData();
    form.append('files.file', file, file.name);
    xhr.send(form);
  });
}

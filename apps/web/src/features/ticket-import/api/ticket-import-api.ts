import { useQuery, useQueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@casebridge/shared/constants/storage-keys';
import type { ApiErrorBody } from '@casebridge/shared/errors';
import type { TicketImportStatus } from '@casebridge/shared/schemas/ticket-imports';
import { ApiError, apiRequest, buildUrl } from '../../../lib/api-client.ts';

export type { TicketImportStatus };

/** As the customer import: the status is cached 30 s, and asked every 2 s while an import runs. */
export const STATUS_STALE_MS = 30_000;
export const RUNNING_POLL_MS = 2_000;
const statusKey = ['ticket-import', 'status'] as const;

export function useTicketImportStatus() {
  return useQuery({
    queryKey: statusKey,
    queryFn: ({ signal }) => apiRequest<TicketImportStatus>('/ticket-imports/status', { signal }),
    staleTime: STATUS_STALE_MS,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? RUNNING_POLL_MS : false),
  });
}

/** After an upload the server's answer is the new status: shown at once, polling takes over. */
export function useSetTicketImportStatus() {
  const queryClient = useQueryClient();
  return (status: TicketImportStatus) => queryClient.setQueryData(statusKey, status);
}

function refusal(xhr: XMLHttpRequest): ApiError {
  try {
    const body = JSON.parse(xhr.responseText) as ApiErrorBody;
    if (body && typeof body.message === 'string') return new ApiError(body);
  } catch {
    // Not our JSON (a proxy's error page): the generic error below.
  }
  return new ApiError({ statusCode: xhr.status, error: xhr.statusText, code: 'INTERNAL', message: xhr.statusText || 'Upload failed' });
}

/** POST /ticket-imports (multipart `files.file`). XMLHttpRequest, as only it reports upload progress. */
export function uploadTicketExport(file: File, onProgress: (percent: number) => void): Promise<TicketImportStatus> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl('/ticket-imports'));
    xhr.setRequestHeader('Authorization', `Bearer ${localStorage.getItem(STORAGE_KEYS.token) ?? ''}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve(JSON.parse(xhr.responseText) as TicketImportStatus) : reject(refusal(xhr)));
    xhr.onerror = () => reject(new ApiError({ statusCode: 0, error: 'Network error', code: 'INTERNAL', message: 'The server could not be reached' }));
    const form = new FormData();
    form.append('files.file', file, file.name);
    xhr.send(form);
  });
}

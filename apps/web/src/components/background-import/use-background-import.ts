import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { uploadWithProgress } from '../../lib/upload-with-progress.ts';

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

/** POSTs the file as multipart `files.file`, reporting the percent sent. */
function uploadFile<S>(path: string, file: File, onProgress: (percent: number) => void): Promise<S> {
  const form = new FormData();
  form.append('files.file', file, file.name);
  return uploadWithProgress<S>(path, form, { onProgress: (sent, total) => total > 0 && onProgress(Math.round((sent / total) * 100)) });
}

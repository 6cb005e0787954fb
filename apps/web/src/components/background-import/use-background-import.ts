import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';

/** Spec §9: an import's status is cached 30 s; while an import runs the page asks every 2 s. */
export const STATUS_STALE_MS = 30_000;
export const RUNNING_POLL_MS = 2_000;

type Status = { status: 'idle' | 'running' };

/**
 * An import kind's two calls, each through its contract (the feature's API file builds them):
 * the status read (`endpointQuery`) and the upload (`callMultipart` with `onProgress`).
 */
export interface ImportCalls<S extends Status, K extends QueryKey> {
  status: UseQueryOptions<S, Error, S, K>;
  upload: (file: File, onProgress: (sent: number, total: number) => void) => Promise<S>;
}

/**
 * A file imported in the background (customers, tickets): the status, polled while an import
 * runs, and the upload, whose answer is the new status, shown at once until polling takes over.
 */
export function useBackgroundImport<S extends Status, K extends QueryKey, Log>(calls: ImportCalls<S, K>, logOf: (status: S) => Log | null) {
  const queryClient = useQueryClient();
  const status = useQuery({
    ...calls.status,
    staleTime: STATUS_STALE_MS,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? RUNNING_POLL_MS : false),
  });
  const upload = async (file: File, onProgress: (percent: number) => void) => {
    const answer = await calls.upload(file, (sent, total) => total > 0 && onProgress(Math.round((sent / total) * 100)));
    queryClient.setQueryData<S>(calls.status.queryKey, answer);
  };
  return { status, running: status.data?.status === 'running', log: status.data ? logOf(status.data) : null, upload };
}

export type BackgroundImport<Log> = ReturnType<typeof useBackgroundImport<Status, QueryKey, Log>>;

import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { sessionQueryKey } from './session.ts';

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A 4xx will not change on retry; only network failures and 5xx are worth a second try.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * Any call answered 401 means the session ended (signed out on another device, ADR 0021; a password
 * changed elsewhere): asking for the session again answers 401 too, which signs this tab out.
 */
function onSessionEnded(client: () => QueryClient) {
  return (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) void client().invalidateQueries({ queryKey: sessionQueryKey });
  };
}

export function createQueryClient(): QueryClient {
  const ended = onSessionEnded(() => client);
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: ended }),
    mutationCache: new MutationCache({ onError: ended }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return client;
}

import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A 4xx will not change on retry; only network failures and 5xx are worth a second try.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

import { queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Endpoint, InputOf, SuccessOf } from '@casebridge/shared/contracts/core';
import { callEndpoint, callMultipart, type MultipartEndpoint, type MultipartInput } from './api-call.ts';

/**
 * The query key of an endpoint's path: its segments with the parameters filled in, as given (a
 * number stays a number), e.g. `['mills', 7, 'clients', 21]`. Keys nest as paths do, so the key
 * of `/mills/:millId/clients` is a prefix of every client query of that mill and invalidates them all.
 */
export function pathKey(endpoint: Endpoint, params: Record<string, string | number> = {}): QueryKey {
  return endpoint.path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? params[segment.slice(1)]! : segment));
}

/**
 * The key of an endpoint's path up to its first parameter not given: the prefix of every query of
 * that endpoint under the given parameters (`pathPrefix(getComponent, { projectId: 3 })` is
 * `['projects', 3, 'components']`, every component view of order 3).
 */
export function pathPrefix(endpoint: Endpoint, params: Record<string, string | number> = {}): QueryKey {
  const key: (string | number)[] = [];
  for (const segment of endpoint.path.split('/').filter(Boolean)) {
    const value = segment.startsWith(':') ? params[segment.slice(1)] : segment;
    if (value === undefined) break;
    key.push(value);
  }
  return key;
}

/** A read as `queryOptions`, for hooks, prefetching and cache updates alike; the query part ends the key. */
export function endpointQuery<E extends Endpoint>(endpoint: E, input: InputOf<E>) {
  const { params, query } = input as { params?: Record<string, string | number>; query?: unknown };
  return queryOptions({
    queryKey: [...pathKey(endpoint, params), ...(query === undefined ? [] : [query])],
    queryFn: ({ signal }): Promise<SuccessOf<E>> => callEndpoint(endpoint, input, signal),
  });
}

/**
 * A write through its contract. `toInput` turns the caller's variables into the endpoint's
 * input; `invalidates` names the queries the write makes stale, refreshed after it succeeds.
 */
export function useEndpointMutation<E extends Endpoint, Vars>(
  endpoint: E,
  toInput: (vars: Vars) => InputOf<E>,
  invalidates: readonly QueryKey[],
) {
  return useInvalidatingMutation((vars: Vars) => callEndpoint(endpoint, toInput(vars)), invalidates);
}

/** `useEndpointMutation` for an upload (`callMultipart`). */
export function useMultipartMutation<E extends MultipartEndpoint, Vars>(
  endpoint: E,
  toInput: (vars: Vars) => InputOf<E> & MultipartInput<E>,
  invalidates: readonly QueryKey[],
) {
  return useInvalidatingMutation((vars: Vars) => callMultipart(endpoint, toInput(vars)), invalidates);
}

function useInvalidatingMutation<Vars, Result>(call: (vars: Vars) => Promise<Result>, invalidates: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

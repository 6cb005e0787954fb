import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as contracts from '@casebridge/shared/contracts/analytics';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

type Page = { _start: number; _limit: number };

/** Ids travel as `3,5,8` (the API's idListSchema); none means no filter. */
const idList = (ids: number[] | undefined) => (ids && ids.length > 0 ? ids.join(',') : undefined);

export function useMillsOverview(params: Page & { ids?: number[] }) {
  const query = { _start: params._start, _limit: params._limit, ids: idList(params.ids) };
  return useQuery({ ...endpointQuery(contracts.millsOverview, { query }), placeholderData: keepPreviousData });
}

export function useMillChoices() {
  // Mills are created rarely; the selector need not ask again on every page.
  return useQuery({ ...endpointQuery(contracts.millChoices, {}), staleTime: 60_000 });
}

/** Null asks nothing yet (no mill chosen); the path then holds a placeholder id that is never sent. */
export function useMillOrders(millId: number | null, params: Page & { fromDate?: string; toDate?: string; ids?: number[] }) {
  const query = { _start: params._start, _limit: params._limit, fromDate: params.fromDate, toDate: params.toDate, ids: idList(params.ids) };
  return useQuery({
    ...endpointQuery(contracts.millOrders, { params: { millId: millId ?? 0 }, query }),
    enabled: millId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useMillDaily(millId: number | null, range: { from?: string; to?: string }) {
  return useQuery({
    ...endpointQuery(contracts.millDaily, { params: { millId: millId ?? 0 }, query: { ...range } }),
    enabled: millId !== null,
  });
}

export function useUserStats(params: Page) {
  return useQuery({ ...endpointQuery(contracts.userStats, { query: { ...params } }), placeholderData: keepPreviousData });
}

export function useActivity(range: { start: string; end: string } | null) {
  return useQuery({
    ...endpointQuery(contracts.activity, { query: range ?? undefined }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

export function useOrdersPerDay() {
  return useQuery(endpointQuery(contracts.ordersPerDay, {}));
}

export function useStoragePerMill() {
  return useQuery(endpointQuery(contracts.storagePerMill, {}));
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  Activity,
  MillChoice,
  MillDaily,
  MillOrders,
  MillOverview,
  OrdersPerDay,
  StoragePerMill,
  UserStat,
} from '@casebridge/shared/schemas/analytics';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every analytics path in one place (apps/api/src/modules/analytics/analytics.routes.ts). */
export const ANALYTICS_PATHS = {
  mills: '/analytics/mills',
  millChoices: '/analytics/mills/all',
  millOrders: (millId: number) => `/analytics/mills/${millId}/orders`,
  millDaily: (millId: number) => `/analytics/mills/${millId}/daily`,
  users: '/analytics/users',
  activity: '/analytics/activity',
  ordersPerDay: '/analytics/charts/orders-per-day',
  storage: '/analytics/charts/storage',
} as const;

const analyticsKey = ['analytics'] as const;
type Page = { _start: number; _limit: number };
type Listed<T> = { count: number; data: T[] };

/** Ids travel as `3,5,8` (the API's idListSchema); none means no filter. */
const idList = (ids: number[] | undefined) => (ids && ids.length > 0 ? ids.join(',') : undefined);

export function useMillsOverview(params: Page & { ids?: number[] }) {
  return useQuery({
    queryKey: [...analyticsKey, 'mills', params],
    queryFn: ({ signal }) =>
      apiRequest<Listed<MillOverview>>(ANALYTICS_PATHS.mills, {
        query: { _start: params._start, _limit: params._limit, ids: idList(params.ids) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useMillChoices() {
  return useQuery({
    queryKey: [...analyticsKey, 'mill-choices'],
    queryFn: ({ signal }) => apiRequest<{ data: MillChoice[] }>(ANALYTICS_PATHS.millChoices, { signal }),
    // Mills are created rarely; the selector need not ask again on every page.
    staleTime: 60_000,
  });
}

export function useMillOrders(millId: number | null, params: Page & { fromDate?: string; toDate?: string; ids?: number[] }) {
  return useQuery({
    queryKey: [...analyticsKey, 'mill-orders', millId, params],
    queryFn: ({ signal }) =>
      apiRequest<MillOrders>(ANALYTICS_PATHS.millOrders(millId!), {
        query: { _start: params._start, _limit: params._limit, fromDate: params.fromDate, toDate: params.toDate, ids: idList(params.ids) },
        signal,
      }),
    enabled: millId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useMillDaily(millId: number | null, range: { from?: string; to?: string }) {
  return useQuery({
    queryKey: [...analyticsKey, 'mill-daily', millId, range],
    queryFn: ({ signal }) => apiRequest<MillDaily>(ANALYTICS_PATHS.millDaily(millId!), { query: { ...range }, signal }),
    enabled: millId !== null,
  });
}

export function useUserStats(params: Page) {
  return useQuery({
    queryKey: [...analyticsKey, 'users', params],
    queryFn: ({ signal }) => apiRequest<Listed<UserStat>>(ANALYTICS_PATHS.users, { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useActivity(range: { start: string; end: string } | null) {
  return useQuery({
    queryKey: [...analyticsKey, 'activity', range],
    queryFn: ({ signal }) => apiRequest<Activity>(ANALYTICS_PATHS.activity, { query: { ...range! }, signal }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

export function useOrdersPerDay() {
  return useQuery({
    queryKey: [...analyticsKey, 'orders-per-day'],
    queryFn: ({ signal }) => apiRequest<OrdersPerDay>(ANALYTICS_PATHS.ordersPerDay, { signal }),
  });
}

export function useStoragePerMill() {
  return useQuery({
    queryKey: [...analyticsKey, 'storage'],
    queryFn: ({ signal }) => apiRequest<StoragePerMill>(ANALYTICS_PATHS.storage, { signal }),
  });
}

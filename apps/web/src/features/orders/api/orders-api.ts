import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ComponentStatus, STATUS_FILTERS } from '@casebridge/shared/constants/orders';
import type { Client } from '@casebridge/shared/schemas/clients';
import type { ComponentDetail, DraftOrder, Message, Order } from '@casebridge/shared/schemas/orders';
import { apiRequest } from '../../../lib/api-client.ts';

export type StatusFilter = 'any' | (typeof STATUS_FILTERS)[number];
export interface Person {
  id: number;
  firstName: string;
  lastName: string;
}
export interface Paged<T> {
  count: number;
  data: T[];
}
export interface PagingParams {
  _start: number;
  _limit: number;
  /** Left out, the server's own order. */
  _sort?: string;
}

export interface MillOrderFilters {
  status: StatusFilter;
  client: string | null;
  /** A mill user id, 'none', or null for anybody. */
  responsible: string | null;
  search: string;
}

export const ordersKey = ['orders'] as const;
export const componentKey = (projectId: number, componentId: number) => [...ordersKey, 'component', projectId, componentId] as const;

/** The list query: `any` and empty values are left out so the server applies no filter. */
export function millOrdersQuery(filters: MillOrderFilters, paging: PagingParams) {
  return {
    ...paging,
    status: filters.status === 'any' ? undefined : filters.status,
    client: filters.client ?? undefined,
    responsible: filters.responsible ?? undefined,
    _q: filters.search || undefined,
  };
}

export function useMillOrders(millId: number, filters: MillOrderFilters, paging: PagingParams) {
  const query = millOrdersQuery(filters, paging);
  return useQuery({
    queryKey: [...ordersKey, 'mill', millId, query],
    queryFn: ({ signal }) => apiRequest<Paged<Order>>(`/mills/${millId}/projects`, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useLabOrders(millId: number, filters: { status: StatusFilter; search: string }, paging: PagingParams) {
  const query = { ...paging, millId, status: filters.status === 'any' ? undefined : filters.status, _q: filters.search || undefined };
  return useQuery({
    queryKey: [...ordersKey, 'lab', query],
    queryFn: ({ signal }) => apiRequest<Paged<Order>>('/labs/projects', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The user's unsubmitted orders with this mill, newest first (ADR 0003). */
export function useLabDrafts(millId: number) {
  return useQuery({
    queryKey: [...ordersKey, 'drafts', millId],
    queryFn: ({ signal }) => apiRequest<Paged<DraftOrder>>('/labs/drafts', { query: { millId }, signal }),
    select: (page) => page.data,
  });
}

/** Clients for the filter: the first 100, which is what a select can sensibly show. */
export function useClientOptions(millId: number) {
  return useQuery({
    queryKey: ['mills', millId, 'clients', 'options'],
    queryFn: () => apiRequest<Paged<Client>>(`/mills/${millId}/clients`, { query: { _limit: 100 } }),
    select: (page) => page.data,
    staleTime: 60_000,
  });
}

export function useResponsiblePersons(millId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: ['mills', millId, 'responsible-persons'],
    queryFn: () => apiRequest<Paged<Person>>(`/mills/${millId}/responsible-persons`),
    select: (page) => page.data,
    enabled: enabled && millId !== undefined,
    staleTime: 60_000,
  });
}

export function useComponent(projectId: number, componentId: number) {
  return useQuery({
    queryKey: componentKey(projectId, componentId),
    queryFn: () => apiRequest<ComponentDetail>(`/projects/${projectId}/components/${componentId}`),
  });
}

function useOrderMutation<Vars, Result>(call: (vars: Vars) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKey }),
  });
}

export function useUpdateComponentStatus(projectId: number, componentId: number) {
  return useOrderMutation((status: ComponentStatus) =>
    apiRequest<ComponentDetail>(`/projects/${projectId}/components/${componentId}`, { method: 'PUT', body: { status } }),
  );
}

export function useSetResponsible(detail: ComponentDetail) {
  const { millId, labId, id } = detail.project;
  return useOrderMutation((responsibleId: number | null) =>
    apiRequest(`/mills/${millId}/labs/${labId}/projects/${id}`, { method: 'PUT', body: { responsibleId } }),
  );
}

export function useSendMessage(millId: number) {
  return useOrderMutation((body: { projectId: number; componentId: number; message: string }) =>
    apiRequest<Message>(`/mills/${millId}/messages`, { method: 'POST', body }),
  );
}

export function useDeleteDownload() {
  return useOrderMutation((fileId: number) => apiRequest(`/downloads/${fileId}`, { method: 'DELETE' }));
}

/** The lab withdraws an order (its files are removed; the mill keeps it listed as deleted). */
export function useDeleteOrder() {
  return useOrderMutation((orderId: number) => apiRequest(`/orders/${orderId}`, { method: 'DELETE' }));
}

export interface CreatedOrder {
  id: number;
  name: string;
  components: { id: number; name: string }[];
}

export const ordersApi = {
  create: (body: { millId: number; name: string; components: { name: string }[] }) =>
    apiRequest<CreatedOrder>('/orders', { method: 'POST', body }),
  submit: (orderId: number) => apiRequest(`/orders/${orderId}/submit`, { method: 'POST' }),
  reportLink: (orderId: number) => apiRequest<{ url: string }>(`/reports/project/summary/${orderId}`),
  orderDocumentsLink: (orderId: number) => apiRequest<{ url: string }>(`/project/${orderId}/download/documents`),
  componentDocumentsLink: (projectId: number, componentId: number) =>
    apiRequest<{ url: string }>(`/projects/${projectId}/components/${componentId}/download/documents`),
  fileLink: (fileId: number) => apiRequest<{ url: string }>(`/files/${fileId}/download`),
};

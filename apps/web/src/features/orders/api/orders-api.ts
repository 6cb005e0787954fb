import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ComponentStatus, STATUS_FILTERS } from '@casebridge/shared/constants/orders';
import type { SuccessOf } from '@casebridge/shared/contracts/core';
import { listClients } from '@casebridge/shared/contracts/clients';
import { createMessage } from '@casebridge/shared/contracts/messages';
import * as contracts from '@casebridge/shared/contracts/orders';
import type { ComponentDetail, orderListQuerySchema } from '@casebridge/shared/schemas/orders';
import { callEndpoint } from '../../../lib/api-call.ts';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { orderQueryKeys } from '../../../lib/order-query-keys.ts';

export type StatusFilter = 'any' | (typeof STATUS_FILTERS)[number];
/** The paging part of a list query (list-kit's `offsetQuery`); `_sort` left out is the server's own order. */
export type PagingParams = Pick<z.input<typeof orderListQuerySchema>, '_start' | '_limit' | '_sort'>;
export type CreatedOrder = SuccessOf<typeof contracts.createOrder>;

/** What the mill's list filters by, as its filter bar holds it. */
export type MillOrderFilters = {
  status: StatusFilter;
  client: string | null;
  /** A mill user id, 'none', or null for anybody. */
  responsible: string | null;
  search: string;
};

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
  return useQuery({ ...endpointQuery(contracts.listMillOrders, { params: { millId }, query }), placeholderData: keepPreviousData });
}

export function useLabOrders(millId: number, filters: { status: StatusFilter; search: string }, paging: PagingParams) {
  const query = { ...paging, millId, status: filters.status === 'any' ? undefined : filters.status, _q: filters.search || undefined };
  return useQuery({ ...endpointQuery(contracts.listLabOrders, { query }), placeholderData: keepPreviousData });
}

/** The user's unsubmitted orders with this mill, newest first (ADR 0003). */
export function useLabDrafts(millId: number) {
  return useQuery({ ...endpointQuery(contracts.listLabDrafts, { query: { millId } }), select: (page) => page.data });
}

/** Clients for the filter: the first 100, which is what a select can sensibly show. */
export function useClientOptions(millId: number) {
  return useQuery({
    ...endpointQuery(listClients, { params: { millId }, query: { _limit: 100 } }),
    select: (page) => page.data,
    staleTime: 60_000,
  });
}

export function useResponsiblePersons(millId: number | undefined, enabled = true) {
  return useQuery({
    ...endpointQuery(contracts.listResponsiblePersons, { params: { millId: millId ?? 0 } }),
    select: (page) => page.data,
    enabled: enabled && millId !== undefined,
    staleTime: 60_000,
  });
}

export const componentQuery = (projectId: number, componentId: number) =>
  endpointQuery(contracts.getComponent, { params: { projectId, id: componentId } });

export function useComponent(projectId: number, componentId: number) {
  return useQuery(componentQuery(projectId, componentId));
}

export function useUpdateComponentStatus(detail: ComponentDetail) {
  const { id: projectId, millId } = detail.project;
  return useEndpointMutation(
    contracts.updateComponent,
    (status: ComponentStatus) => ({ params: { projectId, id: detail.id }, body: { status } }),
    orderQueryKeys(millId),
  );
}

export function useSetResponsible(detail: ComponentDetail) {
  const { millId, labId, id } = detail.project;
  return useEndpointMutation(
    contracts.setResponsible,
    (responsibleId: number | null) => ({ params: { millId, labId, id }, body: { responsibleId } }),
    orderQueryKeys(millId),
  );
}

export function useSendMessage(millId: number) {
  return useEndpointMutation(
    createMessage,
    (body: { projectId: number; componentId: number; message: string }) => ({ params: { millId }, body }),
    orderQueryKeys(millId),
  );
}

export function useDeleteDownload(millId: number) {
  return useEndpointMutation(contracts.deleteReturnedFile, (fileId: number) => ({ params: { id: fileId } }), orderQueryKeys(millId));
}

/** The lab withdraws an order (its files are removed; the mill keeps it listed as deleted). */
export function useDeleteOrder() {
  return useEndpointMutation(contracts.deleteOrder, (orderId: number) => ({ params: { id: orderId } }), orderQueryKeys());
}

/** The lab starts an order with this mill (an unsubmitted draft, listed among the lab's drafts until it is sent). */
export function useCreateOrder(millId: number) {
  return useEndpointMutation(
    contracts.createOrder,
    (body: { name: string; components: { name: string }[] }) => ({ body: { millId, ...body } }),
    orderQueryKeys(millId),
  );
}

/** The lab finishes sending: the mill sees the order in its list. */
export function useSubmitOrder(millId: number) {
  return useEndpointMutation(contracts.submitOrder, (orderId: number) => ({ params: { id: orderId } }), orderQueryKeys(millId));
}

export const ordersApi = {
  reportLink: (orderId: number) => callEndpoint(contracts.orderReportLink, { params: { orderId } }),
  orderDocumentsLink: (orderId: number) => callEndpoint(contracts.orderZipLink, { params: { projectId: orderId } }),
  componentDocumentsLink: (projectId: number, componentId: number) =>
    callEndpoint(contracts.componentZipLink, { params: { projectId, componentId } }),
  fileLink: (fileId: number) => callEndpoint(contracts.fileLink, { params: { id: fileId } }),
};

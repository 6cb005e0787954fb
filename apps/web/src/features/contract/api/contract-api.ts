import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AddOn,
  Invoice,
  Subscription,
  UpcomingInvoice,
  UsageStat,
  contractTypesResponseSchema,
  millAddOnsResponseSchema,
} from '@casebridge/shared/schemas/billing';
import type { ApiErrorBody } from '@casebridge/shared/errors';
import { STORAGE_KEYS } from '@casebridge/shared/constants/storage-keys';
import { ApiError, apiRequest, buildUrl } from '../../../lib/api-client.ts';

type ContractTypes = z.infer<typeof contractTypesResponseSchema>;
type MillAddOns = z.infer<typeof millAddOnsResponseSchema>;

/** The same key as the header's donut (features/shell), so a plan change refreshes both. */
const subscriptionKey = (millId: number | null) => ['mills', millId, 'subscription'] as const;
const usageKey = (millId: number) => ['mills', millId, 'usage'] as const;
const invoicesKey = (millId: number) => ['mills', millId, 'invoices'] as const;
const millAddOnsKey = (millId: number) => ['mills', millId, 'add-ons'] as const;
const upcomingInvoiceKey = (millId: number) => ['mills', millId, 'upcoming-invoice'] as const;

const contractTypesQuery = queryOptions({
  queryKey: ['contract-types'],
  queryFn: ({ signal }) => apiRequest<ContractTypes>('/contract-types', { signal }),
  staleTime: 5 * 60_000,
});

export function useContractTypes() {
  return useQuery(contractTypesQuery);
}

/** Null asks nothing yet (the manager's form before a mill is chosen). */
export function useSubscription(millId: number | null) {
  return useQuery({
    queryKey: subscriptionKey(millId),
    queryFn: ({ signal }) => apiRequest<Subscription>(`/mills/${millId}/subscription`, { signal }),
    enabled: millId !== null,
  });
}

export function useUsage(millId: number) {
  return useQuery({
    queryKey: usageKey(millId),
    queryFn: ({ signal }) => apiRequest<{ data: UsageStat[] }>(`/mills/${millId}/stats`, { signal }),
  });
}

interface PageParams {
  _start: number;
  _limit: number;
}

/** The invoices list, which is also the billing history (spec §2 billing and invoices tabs). */
export function useInvoices(millId: number, params: PageParams) {
  return useQuery({
    queryKey: [...invoicesKey(millId), params],
    queryFn: ({ signal }) => apiRequest<{ count: number; data: Invoice[] }>('/payments/invoices', { query: { millId, ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAddOnCatalogue() {
  return useQuery({
    queryKey: ['add-ons'],
    queryFn: ({ signal }) => apiRequest<{ data: AddOn[] }>('/add-ons', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useMillAddOns(millId: number) {
  return useQuery({
    queryKey: millAddOnsKey(millId),
    queryFn: ({ signal }) => apiRequest<MillAddOns>('/mill-addons', { query: { millId }, signal }),
  });
}

export function useUpcomingInvoice(millId: number) {
  return useQuery({
    queryKey: upcomingInvoiceKey(millId),
    queryFn: ({ signal }) => apiRequest<{ upcomingInvoice: UpcomingInvoice }>('/payments/upcoming/invoices', { query: { millId }, signal }),
  });
}

/** Every change of the contract moves the plan, the usage limits, the add-on and the invoices together. */
function useContractMutation<Vars, Result>(millId: number, call: (vars: Vars) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all(
        [subscriptionKey, usageKey, invoicesKey, millAddOnsKey, upcomingInvoiceKey].map((key) =>
          queryClient.invalidateQueries({ queryKey: key(millId) }),
        ),
      ),
  });
}

/** Both agreements, which the API wants `true` for every purchase (spec §7). */
const AGREED = { policyAgreement: true, dataProcessingAgreement: true } as const;

export function useCheckout(millId: number) {
  return useMutation({
    mutationFn: (lookupKey: string) =>
      apiRequest<{ statusCode: number; sessionId: string; url: string }>('/checkout', {
        method: 'POST',
        body: { millId, lookupKey, ...AGREED },
      }),
  });
}

export function useChangePlan(millId: number) {
  return useContractMutation(millId, (lookupKey: string) =>
    apiRequest<Subscription>('/payments/plan', { method: 'POST', body: { millId, lookupKey } }),
  );
}

export function useUnsubscribe(millId: number) {
  return useContractMutation(millId, () => apiRequest<Subscription>('/payments', { method: 'DELETE', query: { millId } }));
}

export function useResubscribe(millId: number) {
  return useContractMutation(millId, () => apiRequest<Subscription>('/payments/resume', { method: 'POST', body: { millId, ...AGREED } }));
}

export function useSetAddOn(millId: number) {
  return useContractMutation(millId, (filesKeepDurationKey: string | null) =>
    apiRequest<MillAddOns>('/add-ons', { method: 'POST', body: { millId, filesKeepDurationKey, ...AGREED } }),
  );
}

export function useCardPortal(millId: number) {
  return useMutation({
    mutationFn: () => apiRequest<{ statusCode: number; url: string }>('/payments/update/card/details', { query: { millId } }),
  });
}

/**
 * The invoice PDF needs the bearer token, so a plain link cannot fetch it: the bytes come through
 * fetch and are saved from memory (an invoice is a few kilobytes).
 */
export async function fetchInvoicePdf(pdfUrl: string): Promise<Blob> {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  const response = await fetch(buildUrl(pdfUrl.replace(/^\/api/, '')), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
    throw new ApiError(
      body?.code ? body : { statusCode: response.status, error: response.statusText, code: 'INTERNAL', message: response.statusText },
    );
  }
  return response.blob();
}

export type PlanValues = Pick<
  ContractTypes['data'][number],
  'priceCents' | 'maxOrdersCount' | 'allowedClients' | 'storageMb' | 'support' | 'filesKeepDays'
>;

/** The manager changes a plan's price and limits; every mill on it gets them at once. */
export function useUpdatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: PlanValues }) =>
      apiRequest(`/contract-types/${id}`, { method: 'PUT', body: values }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contractTypesQuery.queryKey }),
  });
}

export interface CustomContract {
  priceCents: number;
  maxOrdersCount: number;
  allowedClients: number;
}

/** The manager offers one mill a custom plan, or withdraws the offer (null). */
export function useSetCustomContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ millId, customContract }: { millId: number; customContract: CustomContract | null }) =>
      apiRequest(`/mills/${millId}/custom-contract`, { method: 'PUT', body: { customContract } }),
    onSuccess: (_result, { millId }) => queryClient.invalidateQueries({ queryKey: subscriptionKey(millId) }),
  });
}

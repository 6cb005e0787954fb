import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@casebridge/shared/constants/storage-keys';
import type { InputOf, SuccessOf } from '@casebridge/shared/contracts/core';
import * as plans from '@casebridge/shared/contracts/plans';
import * as contracts from '@casebridge/shared/contracts/subscriptions';
import { buildUrl, errorFromResponse, parseBody } from '../../../lib/api-client.ts';
import { callEndpoint } from '../../../lib/api-call.ts';
import { endpointQuery, pathKey, useEndpointMutation } from '../../../lib/endpoint-query.ts';

/** The subscription's key is its path, the same as the header's donut (features/shell), so a plan change refreshes both. */
const subscriptionQuery = (millId: number) => endpointQuery(contracts.getSubscription, { params: { millId } });
const contractTypesQuery = endpointQuery(plans.listContractTypes, {});

/** Every change of the contract moves the plan, the usage limits, the add-on and the invoices together. */
const contractQueries = (millId: number) => [
  subscriptionQuery(millId).queryKey,
  pathKey(contracts.getUsage, { millId }),
  pathKey(contracts.listInvoices),
  pathKey(contracts.getMillAddOns),
  pathKey(contracts.getUpcomingInvoice),
];

export function useContractTypes() {
  return useQuery({ ...contractTypesQuery, staleTime: 5 * 60_000 });
}

/** Null asks nothing yet (the manager's form before a mill is chosen); the placeholder id is never sent. */
export function useSubscription(millId: number | null) {
  return useQuery({ ...subscriptionQuery(millId ?? 0), enabled: millId !== null });
}

export function useUsage(millId: number) {
  return useQuery(endpointQuery(contracts.getUsage, { params: { millId } }));
}

/** The invoices list, which is also the billing history (spec §2 billing and invoices tabs). */
export function useInvoices(millId: number, params: { _start: number; _limit: number }) {
  return useQuery({ ...endpointQuery(contracts.listInvoices, { query: { millId, ...params } }), placeholderData: keepPreviousData });
}

export function useAddOnCatalogue() {
  return useQuery({ ...endpointQuery(plans.listAddOns, {}), staleTime: 5 * 60_000 });
}

export function useMillAddOns(millId: number) {
  return useQuery(endpointQuery(contracts.getMillAddOns, { query: { millId } }));
}

export function useUpcomingInvoice(millId: number) {
  return useQuery(endpointQuery(contracts.getUpcomingInvoice, { query: { millId } }));
}

/** Both agreements, which the API wants `true` for every purchase (spec §7). */
const AGREED = { policyAgreement: true, dataProcessingAgreement: true } as const;

/** Leaves for the provider's checkout page: nothing here is stale until the mill comes back. */
export function useCheckout(millId: number) {
  return useEndpointMutation(contracts.startCheckout, (lookupKey: string) => ({ body: { millId, lookupKey, ...AGREED } }), []);
}

export function useChangePlan(millId: number) {
  return useEndpointMutation(contracts.changePlan, (lookupKey: string) => ({ body: { millId, lookupKey } }), contractQueries(millId));
}

export function useUnsubscribe(millId: number) {
  return useEndpointMutation(contracts.unsubscribe, () => ({ query: { millId } }), contractQueries(millId));
}

export function useResubscribe(millId: number) {
  return useEndpointMutation(contracts.resubscribe, () => ({ body: { millId, ...AGREED } }), contractQueries(millId));
}

export function useSetAddOn(millId: number) {
  return useEndpointMutation(
    contracts.setAddOn,
    (filesKeepDurationKey: string | null) => ({ body: { millId, filesKeepDurationKey, ...AGREED } }),
    contractQueries(millId),
  );
}

/** Asks for the provider's card page when the button is pressed; it changes nothing here. */
export function useCardPortal(millId: number) {
  return useEndpointMutation(contracts.cardPortal, () => ({ query: { millId } }), []);
}

/**
 * The invoice PDF needs the bearer token, so a plain link cannot fetch it: the bytes come through
 * fetch and are saved from memory (an invoice is a few kilobytes).
 */
export async function fetchInvoicePdf(pdfUrl: string): Promise<Blob> {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  const response = await fetch(buildUrl(pdfUrl.replace(/^\/api/, '')), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  // A refusal is read as every other call's is: our error body, anything else (a proxy's page) made into one.
  if (!response.ok) throw errorFromResponse(response, parseBody(await response.text()));
  return response.blob();
}

export type PlanValues = InputOf<typeof plans.updateContractType>['body'];
type PlanUpdate = { id: InputOf<typeof plans.updateContractType>['params']['id']; values: PlanValues };

/** The manager changes a plan's price and limits; every mill on it gets them at once. */
export function useUpdatePlan() {
  return useEndpointMutation(plans.updateContractType, ({ id, values }: PlanUpdate) => ({ params: { id }, body: values }), [
    contractTypesQuery.queryKey,
  ]);
}

export type CustomContract = NonNullable<InputOf<typeof contracts.setCustomContract>['body']['customContract']>;
type CustomContractChange = { millId: number; customContract: CustomContract | null };

/** The manager offers one mill a custom plan, or withdraws the offer (null); that mill's subscription is then stale. */
export function useSetCustomContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ millId, customContract }: CustomContractChange): Promise<SuccessOf<typeof contracts.setCustomContract>> =>
      callEndpoint(contracts.setCustomContract, { params: { millId }, body: { customContract } }),
    onSuccess: (_result, { millId }) => queryClient.invalidateQueries({ queryKey: subscriptionQuery(millId).queryKey }),
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import * as customerContracts from '@casebridge/shared/contracts/dealer-customers';
import * as userContracts from '@casebridge/shared/contracts/dealer-users';
import * as contracts from '@casebridge/shared/contracts/dealers';
import { previewReminders } from '@casebridge/shared/contracts/ticket-reminders';
import { updateUserSettings } from '@casebridge/shared/contracts/user-settings';
import type { InputOf } from '@casebridge/shared/contracts/core';
import type { dealerCustomerListQuerySchema, dealerListQuerySchema, dealerUserListQuerySchema } from '@casebridge/shared/schemas/dealers';
import { ApiError } from '../../../lib/api-client.ts';
import { callEndpoint, callMultipart } from '../../../lib/api-call.ts';
import { endpointQuery, pathKey, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { sessionQueryKey, useSession } from '../../../lib/session.ts';

export type DealerListParams = z.input<typeof dealerListQuerySchema>;
export type DealerUserListParams = z.input<typeof dealerUserListQuerySchema>;
export type CustomerListParams = z.input<typeof dealerCustomerListQuerySchema>;
type DealerBody = InputOf<typeof contracts.createDealer>['body'];
type DealerUserBody = InputOf<typeof userContracts.addDealerUser>['body'];
type CustomerBody = InputOf<typeof customerContracts.createCustomer>['body'];

/** Every dealer query (list, one dealer, its configuration test): what each dealer write makes stale. */
const dealersKey = pathKey(contracts.listDealers);
const dealerUsersKey = pathKey(userContracts.listDealerUsers);
const customersKey = pathKey(customerContracts.listCustomers);

export const dealerListQuery = (query: DealerListParams) => endpointQuery(contracts.listDealers, { query });
export const dealerQuery = (id: number) => endpointQuery(contracts.getDealer, { params: { id } });
export const dealerUserListQuery = (query: DealerUserListParams) => endpointQuery(userContracts.listDealerUsers, { query });
export const customerListQuery = (query: CustomerListParams) => endpointQuery(customerContracts.listCustomers, { query });

export function useDealerList(params: DealerListParams) {
  return useQuery({ ...dealerListQuery(params), placeholderData: keepPreviousData });
}

/** Dealers to pick from (a parent, a user's or a customer's dealer): the first 100 by id, or those matching. */
export function useDealerOptions(search: string) {
  return useDealerList({ _start: 0, _limit: 100, _sort: 'dealerId:asc', _q: search.trim() || undefined });
}

export function useDealer(id: number | null) {
  return useQuery({ ...dealerQuery(id ?? 0), enabled: id !== null });
}

/**
 * The signed-in dealer user's own dealer. The session names it (id, name, parent) but not its
 * public dealer id or permissions, so it is read once from GET /dealers/{id}.
 */
export function useOwnDealer() {
  const { session } = useSession();
  const id = session?.user.role.type === 'dealer' ? (session.dealer?.id ?? null) : null;
  return { ...useDealer(id), membership: session?.dealer ?? null };
}

/** A create (id null) or an update through the matching contract, refreshing the given queries after it. */
function useSaveMutation<Body, Saved>(
  create: (body: Body) => Promise<Saved>,
  update: (id: number, body: Body) => Promise<Saved>,
  invalidates: readonly unknown[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: Body }) => (id === null ? create(body) : update(id, body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invalidates }),
  });
}

export function useSaveDealer() {
  return useSaveMutation(
    (body: DealerBody) => callEndpoint(contracts.createDealer, { body }),
    (id, body) => callEndpoint(contracts.updateDealer, { params: { id }, body }),
    dealersKey,
  );
}

/** The dealer's logo and configuration file; null removes the logo. */
export function useDealerFile(kind: 'logo' | 'configuration-file') {
  const queryClient = useQueryClient();
  const upload = kind === 'logo' ? contracts.replaceDealerLogo : contracts.replaceDealerConfigFile;
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File | null }) =>
      file ? callMultipart(upload, { params: { id }, data: {}, file }) : callEndpoint(contracts.removeDealerLogo, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dealersKey }),
  });
}

/** The stored configuration file, parsed (it was checked to be JSON when uploaded). */
export function fetchDealerConfigFile(id: number): Promise<unknown> {
  return callEndpoint(contracts.dealerConfigFile, { params: { id } });
}

export function useInviteDealer() {
  return useEndpointMutation(
    contracts.inviteDealer,
    ({ id, email, confirm }: { id: number; email: string; confirm: boolean }) => ({ params: { id }, body: { email, confirm } }),
    [dealersKey],
  );
}

const CONFIRMATION_CODES: ReadonlySet<string> = new Set([
  'DEALER_EMAIL_CHANGE_UNCONFIRMED',
  'DEALER_REINVITE_UNCONFIRMED',
  'DEALER_REINVITE_SELF_UNCONFIRMED',
]);

/** The server asks for a confirmation with a 409 whose code says what is to be confirmed. */
export function isConfirmationRequest(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409 && CONFIRMATION_CODES.has(error.code);
}

export function useDealerUsers(params: DealerUserListParams) {
  return useQuery({ ...dealerUserListQuery(params), placeholderData: keepPreviousData });
}

export function useSaveDealerUser() {
  return useSaveMutation(
    (body: DealerUserBody) => callEndpoint(userContracts.addDealerUser, { body }),
    (id, body) => callEndpoint(userContracts.updateDealerUser, { params: { id }, body }),
    dealerUsersKey,
  );
}

/** The customer list as the page holds it: with or without the sub-dealers' customers as a switch. */
export function useCustomers({
  showSubDealerCustomers,
  ...params
}: Omit<CustomerListParams, 'showSubDealerCustomers'> & { showSubDealerCustomers: boolean }) {
  return useQuery({
    ...customerListQuery({ ...params, showSubDealerCustomers: showSubDealerCustomers ? 'true' : 'false' }),
    placeholderData: keepPreviousData,
    // Spec §9: the customer list is cached for 60 s.
    staleTime: 60_000,
  });
}

export function useSaveCustomer() {
  return useSaveMutation(
    (body: CustomerBody) => callEndpoint(customerContracts.createCustomer, { body }),
    (id, body) => callEndpoint(customerContracts.updateCustomer, { params: { id }, body }),
    customersKey,
  );
}

/**
 * Spec §5: a new customer's id must be unique; a failed check counts as not unique, so a
 * duplicate never slips through an outage.
 */
export async function customerIdIsUnique(customerId: string): Promise<boolean> {
  try {
    const answer = await callEndpoint(customerContracts.customerIdUnique, { params: { customerId } });
    return !answer.customerExists;
  } catch {
    return false;
  }
}

/** The signed-in dealer user's next ticket expiry reminder, from the saved settings (issue 14 item 4). */
export const reminderPreviewQuery = endpointQuery(previewReminders, {});

/** Dealer settings (spec §3): the page size, language and reminders the server keeps for the user; the preview follows them. */
export function useSaveDealerSettings() {
  return useEndpointMutation(updateUserSettings, (body: InputOf<typeof updateUserSettings>['body']) => ({ body }), [
    sessionQueryKey,
    reminderPreviewQuery.queryKey,
  ]);
}

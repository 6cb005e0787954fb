import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Dealer,
  DealerBody,
  DealerCustomer,
  DealerCustomerBody,
  DealerSummary,
  DealerUser,
  DealerUserBody,
} from '@casebridge/shared/schemas/dealers';
import type { UserSettings } from '@casebridge/shared/schemas/auth';
import { ApiError, apiMultipart, apiRequest } from '../../../lib/api-client.ts';
import { sessionQueryKey, useSession } from '../../../lib/session.ts';

export interface ListParams {
  _start: number;
  _limit: number;
  _sort?: string;
  _q?: string;
}

type ListResult<T> = { count: number; data: T[] };

const dealersKey = ['dealers'] as const;
const dealerUsersKey = ['dealer-users'] as const;
const customersKey = ['dealer-customers'] as const;

export function useDealerList(params: ListParams) {
  return useQuery({
    queryKey: [...dealersKey, 'list', params],
    queryFn: ({ signal }) => apiRequest<ListResult<DealerSummary>>('/dealers', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Dealers to pick from (a parent, a user's or a customer's dealer): the first 100 by id, or those matching. */
export function useDealerOptions(search: string) {
  return useDealerList({ _start: 0, _limit: 100, _sort: 'dealerId:asc', _q: search.trim() || undefined });
}

export function useDealer(id: number | null) {
  return useQuery({
    queryKey: [...dealersKey, 'one', id],
    queryFn: ({ signal }) => apiRequest<Dealer>(`/dealers/${id}`, { signal }),
    enabled: id !== null,
  });
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

export function useSaveDealer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: DealerBody }) =>
      id === null
        ? apiRequest<Dealer>('/dealers', { method: 'POST', body })
        : apiRequest<Dealer>(`/dealers/${id}`, { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dealersKey }),
  });
}

/** The dealer's logo and configuration file (PUT /dealers/{id}/logo, …/configuration-file); null removes the logo. */
export function useDealerFile(kind: 'logo' | 'configuration-file') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File | null }) =>
      file
        ? apiMultipart<Dealer>(`/dealers/${id}/${kind}`, {}, { [kind === 'logo' ? 'logo' : 'fixedConfigFile']: file })
        : apiRequest<Dealer>(`/dealers/${id}/${kind}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dealersKey }),
  });
}

/** The stored configuration file, parsed (it was checked to be JSON when uploaded). */
export function fetchDealerConfigFile(id: number): Promise<unknown> {
  return apiRequest<unknown>(`/dealers/${id}/configuration-file`);
}

export function useInviteDealer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, email, confirm }: { id: number; email: string; confirm: boolean }) =>
      apiRequest<{ ok: true; message: string; signedOut: boolean }>(`/dealers/${id}/invitation`, {
        method: 'POST',
        body: { email, confirm },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dealersKey }),
  });
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

export function useDealerUsers(params: ListParams) {
  return useQuery({
    queryKey: [...dealerUsersKey, params],
    queryFn: ({ signal }) => apiRequest<ListResult<DealerUser>>('/dealer-users', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveDealerUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: DealerUserBody }) =>
      id === null
        ? apiRequest<DealerUser>('/dealer-users', { method: 'POST', body })
        : apiRequest<DealerUser>(`/dealer-users/${id}`, { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dealerUsersKey }),
  });
}

export interface CustomerListParams extends ListParams {
  showSubDealerCustomers: boolean;
}

export function useCustomers(params: CustomerListParams) {
  return useQuery({
    queryKey: [...customersKey, params],
    queryFn: ({ signal }) =>
      apiRequest<ListResult<DealerCustomer>>('/dealer-customers', {
        query: { ...params, showSubDealerCustomers: String(params.showSubDealerCustomers) },
        signal,
      }),
    placeholderData: keepPreviousData,
    // Spec §9: the customer list is cached for 60 s.
    staleTime: 60_000,
  });
}

export function useSaveCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: DealerCustomerBody }) =>
      id === null
        ? apiRequest<DealerCustomer>('/dealer-customers', { method: 'POST', body })
        : apiRequest<DealerCustomer>(`/dealer-customers/${id}`, { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customersKey }),
  });
}

/**
 * Spec §5: a new customer's id must be unique; a failed check counts as not unique, so a
 * duplicate never slips through an outage.
 */
export async function customerIdIsUnique(customerId: string): Promise<boolean> {
  try {
    const answer = await apiRequest<{ customerExists: boolean }>(`/dealer-customers/is-unique/${encodeURIComponent(customerId)}`);
    return !answer.customerExists;
  } catch {
    return false;
  }
}

/** Dealer settings (spec §3): the page size and language the server keeps for the user. */
export function useSaveDealerSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<UserSettings>) => apiRequest<unknown>('/users/settings', { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}

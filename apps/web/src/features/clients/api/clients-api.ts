import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import * as contracts from '@casebridge/shared/contracts/clients';
import { getLabOfCompany } from '@casebridge/shared/contracts/companies';
import { getCompany } from '@casebridge/shared/contracts/company-profile';
import type { InputOf, SuccessOf } from '@casebridge/shared/contracts/core';
import type { clientListQuerySchema } from '@casebridge/shared/schemas/clients';
import { callEndpoint } from '../../../lib/api-call.ts';
import { endpointQuery, pathKey, useEndpointMutation } from '../../../lib/endpoint-query.ts';

export type ClientListParams = z.input<typeof clientListQuerySchema>;
export type ClientStatusFilter = NonNullable<ClientListParams['status']>;
export type NewClient = InputOf<typeof contracts.addClient>['body'];
export type AddClientResult = SuccessOf<typeof contracts.addClient>;

export type ClientLab = SuccessOf<typeof getLabOfCompany>;

/** Every client query of one mill (list, one client, instructions): what each clients write makes stale. */
export const clientsKey = (millId: number) => pathKey(contracts.listClients, { millId });

export const clientListQuery = (millId: number, query: ClientListParams) =>
  endpointQuery(contracts.listClients, { params: { millId }, query });

export const clientQuery = (millId: number, userId: number) => endpointQuery(contracts.getClient, { params: { millId, userId } });

export function useClients(millId: number, params: ClientListParams) {
  return useQuery({ ...clientListQuery(millId, params), placeholderData: keepPreviousData });
}

export function useClient(millId: number, userId: number) {
  return useQuery(clientQuery(millId, userId));
}

/** The client's company record; asked only once the client's company is known. */
export function useClientCompany(companyId: number | undefined) {
  return useQuery({ ...endpointQuery(getCompany, { params: { id: companyId ?? 0 } }), enabled: companyId !== undefined });
}

export function useClientLab(companyId: number | undefined) {
  return useQuery({ ...endpointQuery(getLabOfCompany, { params: { id: companyId ?? 0 } }), enabled: companyId !== undefined });
}

export function fetchActivationInstructions(millId: number, userId: number) {
  return callEndpoint(contracts.activationInstructions, { params: { millId, userId } });
}

export function useAddClient(millId: number) {
  return useEndpointMutation(contracts.addClient, (body: NewClient) => ({ params: { millId }, body }), [clientsKey(millId)]);
}

export function useSendInvite(millId: number) {
  return useEndpointMutation(contracts.resendInvitation, (userId: number) => ({ params: { millId, userId } }), [clientsKey(millId)]);
}

export function useDeleteClient(millId: number) {
  return useEndpointMutation(contracts.removeClient, (userId: number) => ({ params: { millId, userId } }), [clientsKey(millId)]);
}

export function useSetClientBlocked(millId: number) {
  return useEndpointMutation(
    contracts.setClientBlocked,
    (body: InputOf<typeof contracts.setClientBlocked>['body']) => ({ params: { millId }, body }),
    [clientsKey(millId)],
  );
}

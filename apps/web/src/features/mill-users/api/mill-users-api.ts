import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { InputOf } from '@casebridge/shared/contracts/core';
import * as contracts from '@casebridge/shared/contracts/mill-users';
import type { millUserListQuerySchema } from '@casebridge/shared/schemas/mill-users';
import { endpointQuery, pathKey, useEndpointMutation } from '../../../lib/endpoint-query.ts';

export type MillUserListParams = z.input<typeof millUserListQuerySchema>;
export type MillUserBody = InputOf<typeof contracts.addMillUser>['body'];

/** Every user query of one mill: what each write of a mill user makes stale. */
export const millUsersKey = (millId: number) => pathKey(contracts.listMillUsers, { millId });

export const millUserListQuery = (millId: number, query: MillUserListParams) =>
  endpointQuery(contracts.listMillUsers, { params: { millId }, query });

export function useMillUsers(millId: number, params: MillUserListParams) {
  return useQuery({ ...millUserListQuery(millId, params), placeholderData: keepPreviousData });
}

/** Adds a user: a new person gets an invitation mail, a person of another mill joins this one too. */
export function useAddMillUser(millId: number) {
  return useEndpointMutation(contracts.addMillUser, (body: MillUserBody) => ({ params: { millId }, body }), [millUsersKey(millId)]);
}

export function useUpdateMillUser(millId: number) {
  return useEndpointMutation(
    contracts.updateMillUser,
    ({ id, body }: { id: number; body: MillUserBody }) => ({ params: { millId, id }, body }),
    [millUsersKey(millId)],
  );
}

export function useDeleteMillUser(millId: number) {
  return useEndpointMutation(contracts.removeMillUser, (id: number) => ({ params: { millId, id } }), [millUsersKey(millId)]);
}

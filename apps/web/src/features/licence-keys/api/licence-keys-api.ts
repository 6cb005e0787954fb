import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as contracts from '@casebridge/shared/contracts/licence-keys';
import type { InputOf } from '@casebridge/shared/contracts/core';
import { endpointQuery, pathKey, useEndpointMutation } from '../../../lib/endpoint-query.ts';

export type LicenceKeyListParams = InputOf<typeof contracts.listLicenceKeys>['query'];
type NewLicenceKey = Omit<InputOf<typeof contracts.addLicenceKey>['body'], 'millId'>;

/** Every licence-key query of one mill: what each key write makes stale. */
const licenceKeysKey = (millId: number) => pathKey(contracts.listLicenceKeys, { millId });

export const licenceKeyListQuery = (millId: number, query: LicenceKeyListParams) =>
  endpointQuery(contracts.listLicenceKeys, { params: { millId }, query });

export function useLicenceKeys(millId: number, params: LicenceKeyListParams) {
  return useQuery({ ...licenceKeyListQuery(millId, params), placeholderData: keepPreviousData });
}

export function useAddLicenceKey(millId: number) {
  return useEndpointMutation(contracts.addLicenceKey, (body: NewLicenceKey) => ({ body: { millId, ...body } }), [licenceKeysKey(millId)]);
}

export function useSetDataCollection(millId: number) {
  return useEndpointMutation(
    contracts.setLicenceKeyDataCollection,
    ({ id, enableDataCollection }: { id: number; enableDataCollection: boolean }) => ({ params: { id }, body: { enableDataCollection } }),
    [licenceKeysKey(millId)],
  );
}

export function useDeleteLicenceKey(millId: number) {
  return useEndpointMutation(contracts.removeLicenceKey, (id: number) => ({ params: { id } }), [licenceKeysKey(millId)]);
}

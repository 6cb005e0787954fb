import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as contracts from '@casebridge/shared/contracts/usage';
import type { InputOf, SuccessOf } from '@casebridge/shared/contracts/core';
import { endpointQuery, pathKey, useEndpointMutation } from '../../../lib/endpoint-query.ts';

/**
 * Machines ping once a minute; the view asks again every 10 s so a machine that starts shows up
 * without a reload. Polling (rather than a push) works the same behind any number of portal
 * processes and costs one cheap query per open view.
 */
export const USAGE_REFRESH_MS = 10_000;

export type UsageHour = SuccessOf<typeof contracts.usageHistory>['data'][number];

export const usageViewQuery = (query: InputOf<typeof contracts.usageView>['query']) => endpointQuery(contracts.usageView, { query });

export const usageHistoryQuery = (query: InputOf<typeof contracts.usageHistory>['query']) =>
  endpointQuery(contracts.usageHistory, { query });

export function useUsageView(query: InputOf<typeof contracts.usageView>['query']) {
  return useQuery({ ...usageViewQuery(query), placeholderData: keepPreviousData, refetchInterval: USAGE_REFRESH_MS });
}

export function useUsageHistory(query: InputOf<typeof contracts.usageHistory>['query']) {
  return useQuery({ ...usageHistoryQuery(query), refetchInterval: 60_000 });
}

/** A key's allowed machines show in the view (every page of it); the history of use does not change. */
export function useSetAllowedUsers() {
  return useEndpointMutation(
    contracts.setAllowedUsers,
    ({ licenceKeyId, allowedUsers }: { licenceKeyId: number; allowedUsers: number }) => ({
      params: { id: licenceKeyId },
      body: { allowedUsers },
    }),
    [pathKey(contracts.usageView)],
  );
}

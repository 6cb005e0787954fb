import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InputOf, SuccessOf } from '@casebridge/shared/contracts/core';
import * as contracts from '@casebridge/shared/contracts/notifications';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';

export type AppNotification = SuccessOf<typeof contracts.listNotifications>['notifications'][number];

export const notificationsQuery = queryOptions({
  ...endpointQuery(contracts.listNotifications, {}),
  select: (data) => data.notifications,
  // Live events refresh this at once (live/use-live-events.ts); the slow poll covers a lost connection.
  refetchInterval: 60_000,
});

export function useNotifications(enabled = true) {
  return useQuery({ ...notificationsQuery, enabled });
}

export function useMarkReadState() {
  return useEndpointMutation(contracts.markReadState, (body: InputOf<typeof contracts.markReadState>['body']) => ({ body }), [
    notificationsQuery.queryKey,
  ]);
}

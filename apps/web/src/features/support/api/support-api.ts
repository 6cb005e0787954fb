import { sendSupportMessage } from '@casebridge/shared/contracts/support';
import type { InputOf } from '@casebridge/shared/contracts/core';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';

/** Sending a message changes no data the app reads, so it invalidates nothing. */
export function useSendSupportMessage(millId: number) {
  return useEndpointMutation(sendSupportMessage, (body: InputOf<typeof sendSupportMessage>['body']) => ({ params: { millId }, body }), []);
}

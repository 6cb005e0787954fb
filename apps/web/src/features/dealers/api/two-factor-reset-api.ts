import * as contracts from '@casebridge/shared/contracts/two-factor-admin';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';

/** The manager's reset of a dealer user's lost second factor (ADR 0020): they enrol again at the next sign-in. */
export function useResetDealerUserFactor() {
  return useEndpointMutation(contracts.resetDealerUserFactor, (id: number) => ({ params: { id } }), []);
}

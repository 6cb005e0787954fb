import { useSession } from '../../../lib/session.ts';
import { useOwnDealer } from '../api/dealers-api.ts';
import type { DealerFormContext } from './dealer-form-rules.ts';

/** Who works in the dealer screens: the manager, or a dealer user with its own dealer loaded. */
export function useDealerContext(): { context: DealerFormContext | null; error: unknown } {
  const { session } = useSession();
  const own = useOwnDealer();
  if (!session) return { context: null, error: null };
  const isManager = session.user.role.type === 'manager';
  const { actions } = session;
  if (isManager) return { context: { isManager, ownDealer: null, userId: session.user.id, actions }, error: null };
  if (own.isError) return { context: null, error: own.error };
  if (!own.data) return { context: null, error: null };
  return { context: { isManager, ownDealer: own.data, userId: session.user.id, actions }, error: null };
}

import { Navigate } from 'react-router';
import { homeRouteFor } from '../lib/home-route.ts';
import { messagesPath } from '../lib/order-paths.ts';
import { useSelectedMill, useSession } from '../lib/session.ts';

/** `/messages` opens the messages page of the user's own side; other roles go to their home. */
export function MessagesRedirect() {
  const { session } = useSession();
  const { mill } = useSelectedMill(session);
  const type = session?.user.role.type;
  const to = type === 'mill' || type === 'lab' ? messagesPath(type) : homeRouteFor(session, mill).path;
  return <Navigate to={to} replace />;
}

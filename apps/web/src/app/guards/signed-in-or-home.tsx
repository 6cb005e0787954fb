import { Navigate, Outlet } from 'react-router';
import { Loading } from '../../components/loading.tsx';
import { useSession } from '../../lib/session.ts';

/**
 * The catch-all's guard: a visitor is sent to the public home (spec §2), a signed-in user stays
 * in their shell, where the not-found page says the path does not exist.
 */
export function SignedInOrHome() {
  const { session, isPending } = useSession();
  if (isPending) return <Loading />;
  return session ? <Outlet /> : <Navigate to="/" replace />;
}

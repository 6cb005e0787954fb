import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The mill's orders: where a client's page of another mill leads after a switch. */
const MILL_ORDERS_PATH = '/mills/projects';

/**
 * Where the app goes when a mill user switches mill. A client (a lab id in a `client` filter, or a
 * client's detail page with its orders) belongs to the mill it was chosen in: kept, it would show
 * the other mill's client, or nothing. So the client filter is dropped (and the page, which was a
 * page of that client's rows) and a client's page leads to the new mill's orders. Null: stay.
 */
export function pathAfterMillSwitch(pathname: string, search: string): string | null {
  if (/^\/mill\/client\/[^/]+\/details/.test(pathname)) return MILL_ORDERS_PATH;
  const params = new URLSearchParams(search);
  if (!params.has('client')) return null;
  params.delete('client');
  params.delete('page');
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/** Stores the chosen mill and leaves a URL that names a client of the mill left behind. */
export function useSwitchMill(setSelectedMillId: (millId: number) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (millId: number) => {
      setSelectedMillId(millId);
      const next = pathAfterMillSwitch(location.pathname, location.search);
      if (next !== null) void navigate(next);
    },
    [location.pathname, location.search, navigate, setSelectedMillId],
  );
}

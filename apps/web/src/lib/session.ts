import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { AuthResponse, MillSummary, Session } from '@casebridge/shared/schemas/auth';
import { STORAGE_KEYS } from '@casebridge/shared/constants/storage-keys';
import { ApiError, apiRequest } from './api-client.ts';
import { clearStorage, useStoredValue, writeStorage } from './local-storage.ts';

export const sessionQueryKey = ['session'] as const;

/** The signed-in user's session, or null when nobody is signed in. */
export async function fetchSession(): Promise<Session | null> {
  if (!localStorage.getItem(STORAGE_KEYS.token)) return null;
  try {
    return await apiRequest<Session>('/users/me');
  } catch (error) {
    // Spec §4: a 401 from the current-user call ends the session and forgets everything stored.
    if (error instanceof ApiError && error.status === 401) {
      clearStorage();
      return null;
    }
    throw error;
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: fetchSession,
  staleTime: 60_000,
  retry: false,
});

export function useSession() {
  const query = useQuery(sessionQueryOptions);
  return { session: query.data ?? null, isPending: query.isPending, refetch: query.refetch };
}

/** Keeps the token of a successful sign-in (or link, confirmation, password change) and the session it names. */
export function storeAuthResponse(queryClient: QueryClient, auth: AuthResponse): Session {
  const { jwt, ...session } = auth;
  writeStorage(STORAGE_KEYS.token, jwt);
  queryClient.setQueryData(sessionQueryKey, session);
  return session;
}

export function selectMill(session: Session | null, storedId: string | null): MillSummary | null {
  if (!session) return null;
  return session.mills.find((mill) => String(mill.id) === storedId) ?? session.mills[0] ?? null;
}

/**
 * Whether the rule book gives the user this action in the mill (as a rule the selected one): the
 * session lists each mill's actions, since the user's role differs per mill.
 */
export function millMay(mill: MillSummary | null, action: string): boolean {
  return mill?.actions.includes(action) ?? false;
}

export function useSelectedMill(session: Session | null) {
  const storedId = useStoredValue(STORAGE_KEYS.selectedMillId);
  return {
    mill: selectMill(session, storedId),
    hasStoredChoice: storedId !== null,
    setSelectedMillId: (millId: number) => writeStorage(STORAGE_KEYS.selectedMillId, String(millId)),
  };
}

export function selectedMillFromStorage(session: Session | null): MillSummary | null {
  return selectMill(session, localStorage.getItem(STORAGE_KEYS.selectedMillId));
}

/** Spec §2: mill users land on their mill's public page after signing out, everybody else on home. */
export function signOutPath(session: Session | null, mill: MillSummary | null): string {
  if (session?.user.role.type === 'mill' && mill) return `/${mill.id}`;
  return '/';
}

/**
 * Set while an account deletion is asked for and after it succeeded: the server ends the account's
 * sessions and closes its live connection as it answers, so the tab may be signed out before the
 * answer arrives. Whichever signs it out, the guard then leads to the goodbye page, not to sign-in.
 */
let deletingAccount = false;
export function setDeletingAccount(deleting: boolean): void {
  deletingAccount = deleting;
}
export function isDeletingAccount(): boolean {
  return deletingAccount;
}
export const GOODBYE_PATH = '/goodbye';

export function clearSession(queryClient: QueryClient): void {
  clearStorage();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  queryClient.setQueryData(sessionQueryKey, null);
}

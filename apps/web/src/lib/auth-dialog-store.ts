import { useSyncExternalStore } from 'react';
import type { SignInChallenge } from '@casebridge/shared/schemas/two-factor';

/**
 * Which authentication dialog is open. Several features open these dialogs (home buttons,
 * route guards, the home query parameters) while only the auth feature renders them, so the
 * state lives here rather than in any one feature.
 */
export type AuthDialogKind =
  'signIn' | 'signUp' | 'signUpDone' | 'forgotPassword' | 'resetPassword' | 'createAccount' | 'linkMill' | 'secondFactor';

export interface AuthDialogOptions {
  /** Reset-password code from the `code` query parameter. */
  code?: string;
  /** Invitation token and mill from the `activation` and `millId` query parameters. */
  confirmationToken?: string;
  invitedMillId?: number;
  /** The sign-in dialog connects the invited mill to the account it signs in to. */
  linkToAnExistingAccount?: boolean;
  email?: string;
  /** The page a route guard asked the sign-in for (use-after-sign-in.ts decides whether to return there). */
  returnTo?: string;
  /** A mail link (address confirmation) that signs in only after the second factor. */
  challenge?: SignInChallenge['challenge'];
}

export interface AuthDialogState {
  kind: AuthDialogKind | null;
  options: AuthDialogOptions;
}

let state: AuthDialogState = { kind: null, options: {} };
const listeners = new Set<() => void>();

function emit(next: AuthDialogState) {
  state = next;
  listeners.forEach((listener) => listener());
}

export function openAuthDialog(kind: AuthDialogKind, options: AuthDialogOptions = {}): void {
  emit({ kind, options });
}

export function closeAuthDialog(): void {
  emit({ kind: null, options: {} });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAuthDialog(): AuthDialogState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}

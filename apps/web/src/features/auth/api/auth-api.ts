import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import * as auth from '@casebridge/shared/contracts/auth';
import type { InputOf } from '@casebridge/shared/contracts/core';
import * as invitations from '@casebridge/shared/contracts/invitations';
import { answerSecondFactor } from '@casebridge/shared/contracts/passkeys';
import * as twoFactor from '@casebridge/shared/contracts/two-factor';
import type { AuthResponse } from '@casebridge/shared/schemas/auth';
import type { SignInAnswer } from '@casebridge/shared/schemas/two-factor';
import { callEndpoint } from '../../../lib/api-call.ts';
import { pathKey } from '../../../lib/endpoint-query.ts';
import { storeAuthResponse } from '../../../lib/session.ts';

// The contracts bring zod along: the public home's first load (home-query-params.tsx) imports this
// file only when a mail link asks for it, the sign-in dialogs load later anyway (the home's JS budget).

export type SignInBody = InputOf<typeof auth.signIn>['body'];
export type RegisterBody = InputOf<typeof auth.register>['body'];
export type ResetPasswordBody = InputOf<typeof auth.resetPassword>['body'];
export type AccountCreationBody = InputOf<typeof invitations.createAccount>['body'];

export const authApi = {
  signIn: (body: SignInBody) => callEndpoint(auth.signIn, { body }),
  secondFactor: (token: string, code: string) => callEndpoint(answerSecondFactor, { body: { token, code } }),
  startEnrolment: (token: string) => callEndpoint(twoFactor.startSignInEnrolment, { body: { token } }),
  confirmEnrolment: (token: string, code: string) => callEndpoint(twoFactor.confirmSignInEnrolment, { body: { token, code } }),
  register: (body: RegisterBody) => callEndpoint(auth.register, { body }),
  forgotPassword: (email: string) => callEndpoint(auth.forgotPassword, { body: { email } }),
  resetPassword: (body: ResetPasswordBody) => callEndpoint(auth.resetPassword, { body }),
  confirmEmail: (confirmation: string) => callEndpoint(auth.confirmEmail, { query: { confirmation } }),
  emailByToken: (confirmationToken: string) => callEndpoint(invitations.invitedEmail, { body: { confirmationToken } }),
  resendConfirmation: (confirmationToken: string, email: string) =>
    callEndpoint(invitations.resendConfirmation, { body: { confirmationToken, email } }),
  checkUniqueEmail: (email: string) => callEndpoint(auth.checkUniqueEmail, { body: { email } }),
  createAccount: (body: AccountCreationBody) => callEndpoint(invitations.createAccount, { body }),
  linkMill: (millId: number, confirmationToken: string) =>
    callEndpoint(invitations.linkToAccount, { params: { millId }, body: { confirmationToken, millId } }),
};

/**
 * The invitation's address and role: a read sent as a POST, so that the token stays out of logged
 * URLs; the key is its path and the token.
 */
export const invitedEmailQuery = (token: string) =>
  queryOptions({ queryKey: [...pathKey(invitations.invitedEmail), token], queryFn: () => authApi.emailByToken(token) });

/** A sign-in challenge's authenticator enrolment, started once: a second start would replace the secret the user just scanned. */
export const signInEnrolmentQuery = (token: string) =>
  queryOptions({
    queryKey: [...pathKey(twoFactor.startSignInEnrolment), token],
    queryFn: () => authApi.startEnrolment(token),
    staleTime: Infinity,
  });

/** A mutation whose success signs the user in (stores the token and the session, so no query needs invalidating). */
export function useAuthMutation<Vars>(call: (vars: Vars) => Promise<AuthResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => storeAuthResponse(queryClient, answer),
  });
}

/** A sign-in that may answer a challenge for the second factor first (ADR 0020): only a session is stored. */
export function useSignInMutation<Vars>(call: (vars: Vars) => Promise<SignInAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      if (!('challenge' in answer)) storeAuthResponse(queryClient, answer);
    },
  });
}

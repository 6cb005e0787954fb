import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthResponse } from '@casebridge/shared/schemas/auth';
import type { SignInAnswer, TotpEnrolment } from '@casebridge/shared/schemas/two-factor';
import type { Language } from '@casebridge/shared/constants/languages';
import type { RoleType } from '@casebridge/shared/constants/roles';
import { apiRequest } from '../../../lib/api-client.ts';
import { storeAuthResponse } from '../../../lib/session.ts';

export interface MessageResponse {
  ok: boolean;
  message: string;
}

export interface SignInBody {
  identifier: string;
  password: string;
  linkToAnExistingAccount?: boolean;
  confirmationToken?: string;
  invitedMillId?: number;
}

export interface RegisterBody {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  activationKey: string;
  policyAgreement: true;
  dataProcessingAgreement: true;
  promotionsOptOut: boolean;
  language: Language;
}

export interface ResetPasswordBody {
  code: string;
  password: string;
  passwordConfirmation: string;
}

export interface AccountCreationBody {
  identifier: string;
  password: string;
  companyName?: string;
  confirmationToken: string;
  millId: number;
}

export const authApi = {
  signIn: (body: SignInBody) => apiRequest<SignInAnswer>('/auth/local', { method: 'POST', body }),
  secondFactor: (token: string, code: string) =>
    apiRequest<AuthResponse>('/auth/sign-in/second-factor', { method: 'POST', body: { token, code } }),
  startEnrolment: (token: string) => apiRequest<TotpEnrolment>('/auth/sign-in/enrolment', { method: 'POST', body: { token } }),
  confirmEnrolment: (token: string, code: string) =>
    apiRequest<AuthResponse & { recoveryCodes: string[] }>('/auth/sign-in/enrolment/confirm', { method: 'POST', body: { token, code } }),
  register: (body: RegisterBody) => apiRequest<MessageResponse>('/auth/local/register', { method: 'POST', body }),
  forgotPassword: (email: string) => apiRequest<MessageResponse>('/auth/forgot-password', { method: 'POST', body: { email } }),
  resetPassword: (body: ResetPasswordBody) => apiRequest<SignInAnswer>('/auth/reset-password', { method: 'POST', body }),
  confirmEmail: (confirmation: string) => apiRequest<SignInAnswer>('/auth/email-confirmation', { query: { confirmation } }),
  emailByToken: (confirmationToken: string) =>
    apiRequest<{ emailByConfirmationToken: string; roleType: RoleType; accountExists: boolean }>('/auth/user-email-by-token', {
      method: 'POST',
      body: { confirmationToken },
    }),
  resendConfirmation: (confirmationToken: string, email: string) =>
    apiRequest<MessageResponse>('/auth/resend-confirmation-email', {
      method: 'POST',
      body: { confirmationToken, email },
    }),
  checkUniqueEmail: (email: string) =>
    apiRequest<{ emailIsTaken: boolean }>('/auth/check-unique-email', { method: 'POST', body: { email } }),
  createAccount: (body: AccountCreationBody) => apiRequest<AuthResponse>('/auth/account-creation', { method: 'POST', body }),
  linkMill: (millId: number, confirmationToken: string) =>
    apiRequest<AuthResponse>(`/mills/${millId}/link-to-account`, {
      method: 'POST',
      body: { confirmationToken, millId },
    }),
};

/** A mutation whose success signs the user in (stores the token and the session). */
export function useAuthMutation<Vars>(call: (vars: Vars) => Promise<AuthResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (auth) => storeAuthResponse(queryClient, auth),
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

import { startAuthentication } from '@simplewebauthn/browser';
import { answerSecondFactor, passkeySignIn, passkeySignInOptions } from '@casebridge/shared/contracts/passkeys';
import type { AuthResponse } from '@casebridge/shared/schemas/auth';
import { callEndpoint } from '../../../lib/api-call.ts';

// A file of its own, apart from auth-api.ts: the public home's first load (the mail links) needs
// auth-api, the passkey prompt only the sign-in dialogs, which load later (the home's JS budget).

type AuthenticationOptions = Parameters<typeof startAuthentication>[0]['optionsJSON'];

/** Password-free sign-in (ADR 0023): the server's options, the browser's passkey prompt, the server's check. */
export async function signInWithPasskey(): Promise<AuthResponse> {
  const { options } = await callEndpoint(passkeySignInOptions, {});
  const response = await startAuthentication({ optionsJSON: options });
  return callEndpoint(passkeySignIn, { body: { response: response as never } });
}

/** A `verify` challenge answered with one of the user's passkeys instead of a code. */
export async function answerWithPasskey(token: string, options: unknown): Promise<AuthResponse> {
  const response = await startAuthentication({ optionsJSON: options as AuthenticationOptions });
  return callEndpoint(answerSecondFactor, { body: { token, passkey: response as never } });
}

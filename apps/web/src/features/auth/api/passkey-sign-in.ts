import { sendSignal, startAuthentication } from '@simplewebauthn/browser';
import { answerSecondFactor, passkeySignIn, passkeySignInOptions } from '@casebridge/shared/contracts/passkeys';
import type { AuthResponse } from '@casebridge/shared/schemas/auth';
import { callEndpoint } from '../../../lib/api-call.ts';
import { ApiError } from '../../../lib/api-client.ts';

// A file of its own, apart from auth-api.ts: the public home's first load (the mail links) needs
// auth-api, the passkey prompt only the sign-in dialogs, which load later (the home's JS budget).

type AuthenticationOptions = Parameters<typeof startAuthentication>[0]['optionsJSON'];

/** Password-free sign-in (ADR 0023): the server's options, the browser's passkey prompt, the server's check. */
export async function signInWithPasskey(): Promise<AuthResponse> {
  const { options } = await callEndpoint(passkeySignInOptions, {});
  const response = await startAuthentication({ optionsJSON: options });
  try {
    return await callEndpoint(passkeySignIn, { body: { response: response as never } });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'PASSKEY_UNKNOWN' && options.rpId) forgetOnDevice(options.rpId, response.id);
    throw error;
  }
}

/**
 * A key the portal no longer knows (removed, or an administrator's reset) stays on the device, which
 * would offer it at every sign-in: the WebAuthn Signal API asks the device to drop it. Best effort:
 * a browser without the API, or one that declines, changes nothing.
 */
function forgetOnDevice(rpID: string, credentialID: string): void {
  sendSignal({ signalName: 'unknownCredential', rpID, credentialID }).catch(() => undefined);
}

/** A `verify` challenge answered with one of the user's passkeys instead of a code. */
export async function answerWithPasskey(token: string, options: unknown): Promise<AuthResponse> {
  const response = await startAuthentication({ optionsJSON: options as AuthenticationOptions });
  return callEndpoint(answerSecondFactor, { body: { token, passkey: response as never } });
}

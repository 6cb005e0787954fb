import { useState } from 'react';
import type { AuthResponse } from '@casebridge/shared/schemas/auth';
import type { SignInChallenge } from '@casebridge/shared/schemas/two-factor';
import { STORAGE_KEYS } from '@casebridge/shared/constants/storage-keys';
import { loginBodySchema } from '@casebridge/shared/schemas/auth';
import { type AuthDialogOptions, closeAuthDialog } from '../../../lib/auth-dialog-store.ts';
import { writeStorage } from '../../../lib/local-storage.ts';
import { useAfterInvitationAccepted, useAfterSignIn } from '../../../lib/use-after-sign-in.ts';
import { useForm } from '../../../lib/use-form.ts';
import { authApi, useSignInMutation, type SignInBody } from '../api/auth-api.ts';
import { signInWithPasskey } from '../api/passkey-sign-in.ts';

const schema = loginBodySchema.pick({ identifier: true, password: true });

/**
 * The sign-in dialog's state: the form, the password and passkey ways in, and the second
 * factor's challenge when the password alone is not enough (ADR 0020).
 */
export function useSignInFlow(options: AuthDialogOptions) {
  const afterSignIn = useAfterSignIn();
  const afterInvitation = useAfterInvitationAccepted();
  const form = useForm({ initialValues: { identifier: options.email ?? '', password: '' }, schema });
  const signIn = useSignInMutation((body: SignInBody) => authApi.signIn(body));
  const withPasskey = useSignInMutation(signInWithPasskey);
  const [challenge, setChallenge] = useState<SignInChallenge['challenge'] | null>(null);
  const linking = options.linkToAnExistingAccount === true;

  const signedIn = (auth: AuthResponse) => {
    closeAuthDialog();
    // Signing in to link an invitation is accepting it: an invited lab lands on the mill's welcome.
    // With a second factor the invitation waits (ADR 0020): the lab accepts it from the link again.
    if (linking && options.invitedMillId && !challenge) afterInvitation(auth, options.invitedMillId);
    else afterSignIn(auth, options.returnTo);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const data = form.validate();
    if (!data) return;
    const link = linking
      ? { linkToAnExistingAccount: true, confirmationToken: options.confirmationToken, invitedMillId: options.invitedMillId }
      : {};
    // One way's failure at a time: a passkey refused before must not stand over this answer.
    withPasskey.reset();
    signIn.mutate(
      { ...data, ...link },
      {
        onSuccess: (answer) => {
          if ('challenge' in answer) setChallenge(answer.challenge);
          else signedIn(answer);
        },
        // Spec §4: a failed sign-in forgets any stored token.
        onError: () => writeStorage(STORAGE_KEYS.token, null),
      },
    );
  };

  const startPasskeySignIn = () => {
    signIn.reset();
    withPasskey.mutate(undefined, { onSuccess: (answer) => 'jwt' in answer && signedIn(answer) });
  };

  return { form, signIn, withPasskey, challenge, linking, signedIn, submit, startPasskeySignIn };
}

import { Alert, Anchor, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthResponse } from '@casebridge/shared/schemas/auth';
import type { SignInChallenge } from '@casebridge/shared/schemas/two-factor';
import { STORAGE_KEYS } from '@casebridge/shared/constants/storage-keys';
import { loginBodySchema } from '@casebridge/shared/schemas/auth';
import { type AuthDialogOptions, closeAuthDialog, openAuthDialog } from '../../../lib/auth-dialog-store.ts';
import { describeError } from '../../../lib/error-message.ts';
import { writeStorage } from '../../../lib/local-storage.ts';
import { describePasskeyError } from '../../../lib/passkey-error.ts';
import { useAfterInvitationAccepted, useAfterSignIn } from '../../../lib/use-after-sign-in.ts';
import { useForm } from '../../../lib/use-form.ts';
import { authApi, useSignInMutation, type SignInBody } from '../api/auth-api.ts';
import { signInWithPasskey } from '../api/passkey-sign-in.ts';
import { SecondFactorStep } from './second-factor-step.tsx';

const schema = loginBodySchema.pick({ identifier: true, password: true });

export function SignInDialog({ opened, options }: { opened: boolean; options: AuthDialogOptions }) {
  const { t } = useTranslation();
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

  if (challenge) {
    return (
      <Modal opened={opened} onClose={closeAuthDialog} title={t('twoFactor.title')} centered>
        <SecondFactorStep challenge={challenge} onSignedIn={signedIn} />
      </Modal>
    );
  }

  return (
    <Modal opened={opened} onClose={closeAuthDialog} title={t('auth.signIn.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          {linking && <Text size="sm">{t('auth.signIn.linkNotice')}</Text>}
          {signIn.isError && <Alert color="red">{describeError(t, signIn.error)}</Alert>}
          {withPasskey.isError && <Alert color="red">{describePasskeyError(t, withPasskey.error)}</Alert>}
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            data-autofocus
            {...form.textProps('identifier')}
          />
          <PasswordInput label={t('fields.password')} autoComplete="current-password" required {...form.textProps('password')} />
          <Anchor component="button" type="button" size="sm" onClick={() => openAuthDialog('forgotPassword')}>
            {t('auth.signIn.forgot')}
          </Anchor>
          <Button type="submit" loading={signIn.isPending}>
            {t('auth.signIn.submit')}
          </Button>
          {!linking && (
            // Password-free (ADR 0023): the passkey tells who signs in, so no email is needed first.
            <Button
              variant="outline"
              loading={withPasskey.isPending}
              onClick={() => {
                signIn.reset();
                withPasskey.mutate(undefined, { onSuccess: (answer) => 'jwt' in answer && signedIn(answer) });
              }}
            >
              {t('passkeys.signIn')}
            </Button>
          )}
          {!linking && (
            <Group gap={4} justify="center">
              <Text size="sm">{t('auth.signIn.noAccount')}</Text>
              <Anchor component="button" type="button" size="sm" onClick={() => openAuthDialog('signUp')}>
                {t('auth.signUp.title')}
              </Anchor>
            </Group>
          )}
        </Stack>
      </form>
    </Modal>
  );
}

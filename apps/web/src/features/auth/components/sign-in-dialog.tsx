import { Alert, Anchor, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type AuthDialogOptions, closeAuthDialog, openAuthDialog } from '../../../lib/auth-dialog-store.ts';
import { describeError } from '../../../lib/error-message.ts';
import { describePasskeyError } from '../../../lib/passkey-error.ts';
import { SecondFactorStep } from './second-factor-step.tsx';
import { useSignInFlow } from './use-sign-in-flow.ts';

export function SignInDialog({ opened, options }: { opened: boolean; options: AuthDialogOptions }) {
  const { t } = useTranslation();
  const { form, signIn, withPasskey, challenge, linking, signedIn, submit, startPasskeySignIn } = useSignInFlow(options);

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
            <Button variant="outline" loading={withPasskey.isPending} onClick={startPasskeySignIn}>
              {t('passkeys.signIn')}
            </Button>
          )}
          {!linking && <SignUpInstead />}
        </Stack>
      </form>
    </Modal>
  );
}

function SignUpInstead() {
  const { t } = useTranslation();
  return (
    <Group gap={4} justify="center">
      <Text size="sm">{t('auth.signIn.noAccount')}</Text>
      <Anchor component="button" type="button" size="sm" onClick={() => openAuthDialog('signUp')}>
        {t('auth.signUp.title')}
      </Anchor>
    </Group>
  );
}

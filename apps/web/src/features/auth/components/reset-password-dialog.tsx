import { Alert, Anchor, Button, Modal, PasswordInput, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignInChallenge } from '@casebridge/shared/schemas/two-factor';
import { closeAuthDialog, openAuthDialog } from '../../../lib/auth-dialog-store.ts';
import { describeError } from '../../../lib/error-message.ts';
import { useAfterSignIn } from '../../../lib/use-after-sign-in.ts';
import { useForm } from '../../../lib/use-form.ts';
import { resetPasswordBodySchema } from '@casebridge/shared/schemas/auth';
import { confirmingPassword } from '../../../lib/form-schemas.ts';
import { authApi, useSignInMutation, type ResetPasswordBody } from '../api/auth-api.ts';
import { SecondFactorDialog } from './second-factor-dialog.tsx';

const schema = confirmingPassword(resetPasswordBodySchema.omit({ code: true }));

export function ResetPasswordDialog({ opened, code }: { opened: boolean; code: string }) {
  const { t } = useTranslation();
  const afterSignIn = useAfterSignIn();
  const form = useForm({ initialValues: { password: '', passwordConfirmation: '' }, schema });
  const reset = useSignInMutation((body: ResetPasswordBody) => authApi.resetPassword(body));
  // The new password is set; a user with a second factor still gives a code before being signed in.
  const [challenge, setChallenge] = useState<SignInChallenge['challenge'] | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const data = form.validate();
    if (!data) return;
    reset.mutate(
      { code, ...data },
      {
        onSuccess: (answer) => {
          if ('challenge' in answer) return setChallenge(answer.challenge);
          closeAuthDialog();
          afterSignIn(answer);
        },
        onError: (error) => form.applyServerErrors(error),
      },
    );
  };

  if (challenge) return <SecondFactorDialog opened={opened} challenge={challenge} />;

  return (
    <Modal opened={opened} onClose={closeAuthDialog} title={t('auth.reset.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          {reset.isError && <Alert color="red">{describeError(t, reset.error)}</Alert>}
          <PasswordInput
            label={t('fields.password')}
            description={t('auth.passwordHint')}
            autoComplete="new-password"
            required
            data-autofocus
            {...form.textProps('password')}
          />
          <PasswordInput
            label={t('fields.confirmPassword')}
            autoComplete="new-password"
            required
            {...form.textProps('passwordConfirmation')}
          />
          <Button type="submit" loading={reset.isPending}>
            {t('auth.reset.submit')}
          </Button>
          <Anchor component="button" type="button" size="sm" onClick={() => openAuthDialog('forgotPassword')}>
            {t('auth.reset.requestNew')}
          </Anchor>
        </Stack>
      </form>
    </Modal>
  );
}

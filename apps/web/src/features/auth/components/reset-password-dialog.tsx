import { Alert, Anchor, Button, Modal, PasswordInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { closeAuthDialog, openAuthDialog } from '../../../lib/auth-dialog-store.ts';
import { describeError } from '../../../lib/error-message.ts';
import { useAfterSignIn } from '../../../lib/use-after-sign-in.ts';
import { useForm } from '../../../lib/use-form.ts';
import { resetPasswordBodySchema } from '@casebridge/shared/schemas/auth';
import { confirmingPassword } from '../../../lib/form-schemas.ts';
import { authApi, useAuthMutation, type ResetPasswordBody } from '../api/auth-api.ts';

const schema = confirmingPassword(resetPasswordBodySchema.omit({ code: true }));

export function ResetPasswordDialog({ opened, code }: { opened: boolean; code: string }) {
  const { t } = useTranslation();
  const afterSignIn = useAfterSignIn();
  const form = useForm({ initialValues: { password: '', passwordConfirmation: '' }, schema });
  const reset = useAuthMutation((body: ResetPasswordBody) => authApi.resetPassword(body));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const data = form.validate();
    if (!data) return;
    reset.mutate(
      { code, ...data },
      {
        onSuccess: (auth) => {
          closeAuthDialog();
          afterSignIn(auth);
        },
        onError: (error) => form.applyServerErrors(error),
      },
    );
  };

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

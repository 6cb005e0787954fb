import { Button, Group, PasswordInput, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changePasswordBodySchema } from '@casebridge/shared/schemas/auth';
import { useUnsavedChangesGuard } from '../../../components/use-unsaved-changes-guard.ts';
import { confirmingPassword } from '../../../lib/form-schemas.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useForm } from '../../../lib/use-form.ts';
import { useChangePassword } from '../api/account-api.ts';

const schema = confirmingPassword(changePasswordBodySchema);
const empty = { currentPassword: '', password: '', passwordConfirmation: '' };

export function PasswordForm() {
  const { t } = useTranslation();
  const form = useForm({ initialValues: empty, schema });
  const change = useChangePassword();
  useUnsavedChangesGuard(form.dirty);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const data = form.validate();
    if (!data) return;
    change.mutate(data, {
      onSuccess: () => {
        form.reset(empty);
        notifySuccess(t('password.saved'));
      },
      onError: (error) => {
        if (!form.applyServerErrors(error)) notifyError(t, error);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="password-form-title">
      <Stack maw={520}>
        <Title order={2} size="h4" id="password-form-title">
          {t('password.title')}
        </Title>
        <PasswordInput
          label={t('fields.currentPassword')}
          required
          autoComplete="current-password"
          {...form.textProps('currentPassword')}
        />
        <PasswordInput
          label={t('fields.newPassword')}
          description={t('auth.passwordHint')}
          required
          autoComplete="new-password"
          {...form.textProps('password')}
        />
        <PasswordInput
          label={t('fields.confirmPassword')}
          required
          autoComplete="new-password"
          {...form.textProps('passwordConfirmation')}
        />
        <Group>
          <Button type="submit" loading={change.isPending}>
            {t('password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

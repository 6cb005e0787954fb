import { Alert, Anchor, Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { closeAuthDialog, openAuthDialog } from '../../../lib/auth-dialog-store.ts';
import { describeError } from '../../../lib/error-message.ts';
import { useForm } from '../../../lib/use-form.ts';
import { forgotPasswordBodySchema } from '@casebridge/shared/schemas/auth';
import { authApi } from '../api/auth-api.ts';

export function ForgotPasswordDialog({ opened }: { opened: boolean }) {
  const { t } = useTranslation();
  const form = useForm({ initialValues: { email: '' }, schema: forgotPasswordBodySchema });
  const send = useMutation({ mutationFn: (email: string) => authApi.forgotPassword(email) });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const data = form.validate();
    if (data) send.mutate(data.email);
  };

  return (
    <Modal opened={opened} onClose={closeAuthDialog} title={t('auth.forgot.title')} centered>
      {send.isSuccess ? (
        <Stack>
          {/* The server never says whether the address exists (DESIGN §6), so neither do we. */}
          <Text role="status">{t('auth.forgot.sent')}</Text>
          <Button onClick={() => openAuthDialog('signIn')}>{t('auth.signIn.title')}</Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm">{t('auth.forgot.intro')}</Text>
            {send.isError && <Alert color="red">{describeError(t, send.error)}</Alert>}
            <TextInput label={t('fields.email')} type="email" autoComplete="email" required data-autofocus {...form.textProps('email')} />
            <Button type="submit" loading={send.isPending}>
              {t('auth.forgot.submit')}
            </Button>
            <Anchor component="button" type="button" size="sm" onClick={() => openAuthDialog('signIn')}>
              {t('auth.backToSignIn')}
            </Anchor>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

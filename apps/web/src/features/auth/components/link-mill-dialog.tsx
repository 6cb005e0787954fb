import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type AuthDialogOptions, closeAuthDialog } from '../../../lib/auth-dialog-store.ts';
import { describeError } from '../../../lib/error-message.ts';
import { useSession } from '../../../lib/session.ts';
import { useAfterInvitationAccepted } from '../../../lib/use-after-sign-in.ts';
import { authApi, useAuthMutation } from '../api/auth-api.ts';

/** The invitation dialog for a signed-in user: connect the inviting mill to this account. */
export function LinkMillDialog({ opened, options }: { opened: boolean; options: AuthDialogOptions }) {
  const { t } = useTranslation();
  const { session } = useSession();
  const afterInvitation = useAfterInvitationAccepted();
  const link = useAuthMutation(() => authApi.linkMill(options.invitedMillId ?? 0, options.confirmationToken ?? ''));

  const connect = () =>
    link.mutate(undefined, {
      onSuccess: (auth) => {
        closeAuthDialog();
        afterInvitation(auth, options.invitedMillId ?? 0);
      },
    });

  return (
    <Modal opened={opened} onClose={closeAuthDialog} title={t('auth.linkMill.title')} centered>
      <Stack>
        <Text>{t('auth.linkMill.message', { email: session?.user.email ?? '' })}</Text>
        {link.isError && <Alert color="red">{describeError(t, link.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={closeAuthDialog}>
            {t('common.cancel')}
          </Button>
          <Button onClick={connect} loading={link.isPending} data-autofocus>
            {t('auth.linkMill.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

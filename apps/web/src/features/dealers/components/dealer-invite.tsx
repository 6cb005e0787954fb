import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dealerInvitationBodySchema, type Dealer } from '@casebridge/shared/schemas/dealers';
import { useSignOut } from '../../../app/use-sign-out.ts';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useForm } from '../../../lib/use-form.ts';
import { isConfirmationRequest, useInviteDealer } from '../api/dealers-api.ts';

/**
 * Invite or re-invite a dealer's user (spec §4). A dealer with a linked user is confirmed first,
 * with other words when the linked user is the signed-in one, since inviting oneself signs one out.
 */
export function DealerInviteButton({ dealer, userId }: { dealer: Dealer; userId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const linked = dealer.userId !== null;
  const self = dealer.userId === userId;

  const start = () => {
    if (!linked) return setOpen(true);
    openConfirmDialog({
      title: t('dealers.reinviteTitle'),
      message: t(self ? 'dealers.confirmReinviteSelf' : 'dealers.confirmReinvite'),
      confirmLabel: t('dealers.continue'),
      cancelLabel: t('common.cancel'),
      danger: self,
      onConfirm: () => setOpen(true),
    });
  };

  return (
    <>
      <Button variant="default" leftSection={<IconMailForward size={18} aria-hidden />} onClick={start}>
        {linked ? t('dealers.reinvite') : t('dealers.invite')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={linked ? t('dealers.reinvite') : t('dealers.invite')} centered>
        {open && <InviteForm dealer={dealer} confirmed={linked} onDone={() => setOpen(false)} />}
      </Modal>
    </>
  );
}

/** Spec §5: one address, Enter submits. */
function InviteForm({ dealer, confirmed, onDone }: { dealer: Dealer; confirmed: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm({ initialValues: { email: dealer.email }, schema: dealerInvitationBodySchema.pick({ email: true }) });
  const email = form.values.email;
  const invite = useInviteDealer();
  const signOut = useSignOut();

  const send = (confirm: boolean) =>
    invite.mutate(
      { id: dealer.id, email: email.trim(), confirm },
      {
        onSuccess: (answer) => {
          notifySuccess(t('dealers.invitationSent'), t('dealers.invitationSentTitle'));
          onDone();
          if (answer.signedOut) signOut();
        },
        onError: (error) => {
          // A user may have been linked since the page loaded: ask now, as for a re-invite.
          if (isConfirmationRequest(error) && !confirm) {
            openConfirmDialog({
              title: t('dealers.reinviteTitle'),
              message: t('dealers.confirmReinvite'),
              confirmLabel: t('dealers.continue'),
              cancelLabel: t('common.cancel'),
              onConfirm: () => send(true),
            });
            return;
          }
          notifyError(t, error);
        },
      },
    );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    // The dialog is portalled out of the dealer form, yet React bubbles its submit into that form.
    event.stopPropagation();
    if (form.validate()) send(confirmed);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label={t('fields.email')} type="email" required data-autofocus {...form.textProps('email')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={invite.isPending} disabled={!email.trim()}>
            {t('dealers.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

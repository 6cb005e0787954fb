import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ticketExternalBodySchema, type DealerTicket } from '@casebridge/shared/schemas/licence-tickets';
import { usePhoneLayout } from '../../../components/use-phone-layout.ts';
import { describeError } from '../../../lib/error-message.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useForm } from '../../../lib/use-form.ts';
import { useSetTicketExternal } from '../api/ticket-actions-api.ts';

/**
 * Spec manager-dealer §2, §5 (fmCustomerId, fmCustomerDescription): the id and description under
 * which the ticket's customer is known outside the portal. The desk offers it only to a dealer
 * without a parent and the manager; the server refuses everyone else (EXTERNAL_ID_ROOT_ONLY). A
 * refusal stays in the dialog, beside what the user typed, until the next attempt.
 */
export function ExternalCustomerDialog({ ticket, onClose }: { ticket: DealerTicket; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = usePhoneLayout();
  const form = useForm({
    initialValues: { externalCustomerId: ticket.externalCustomerId, description: ticket.description },
    schema: ticketExternalBodySchema,
  });
  const save = useSetTicketExternal();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    // Spec §5: saving needs a ticket id; a row always has one, but never send a save for none.
    if (!ticket.key) return;
    const data = form.validate();
    if (!data) return;
    save.mutate(
      { id: ticket.id, ...data },
      {
        onSuccess: () => {
          notifySuccess(t('ticketDesk.external.saved', { key: ticket.key }));
          onClose();
        },
        onError: (error) => form.applyServerErrors(error),
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('ticketDesk.external.title', { key: ticket.key })}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('ticketDesk.external.hint')}
          </Text>
          <TextInput label={t('ticketDesk.external.id')} data-autofocus maxLength={200} {...form.textProps('externalCustomerId')} />
          <Textarea
            label={t('ticketDesk.external.description')}
            autosize
            minRows={3}
            maxRows={8}
            maxLength={1000}
            {...form.textProps('description')}
          />
          {save.isError && (
            <Alert color="red" role="alert" title={t('ticketDesk.external.saveFailed')}>
              {describeError(t, save.error)}
            </Alert>
          )}
          <Group justify="flex-end" wrap="wrap" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!ticket.key}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

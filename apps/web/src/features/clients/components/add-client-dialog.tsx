import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { addClientBodySchema } from '@casebridge/shared/schemas/clients';
import { notifyError } from '../../../lib/notify.ts';
import { useForm } from '../../../lib/use-form.ts';
import { useAddClient, type AddClientResult } from '../api/clients-api.ts';

const empty = { firstName: '', lastName: '', email: '', activationMessage: '' };

function AddClientForm({
  millId,
  onAdded,
  onCancel,
}: {
  millId: number;
  onAdded: (result: AddClientResult) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm({ initialValues: empty, schema: addClientBodySchema });
  const add = useAddClient(millId);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const data = form.validate();
    if (!data) return;
    add.mutate(data, {
      onSuccess: onAdded,
      onError: (error) => {
        if (!form.applyServerErrors(error)) notifyError(t, error, t('common.errorOccurred'));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label={t('fields.firstName')} required data-autofocus {...form.textProps('firstName')} />
        <TextInput label={t('fields.lastName')} required {...form.textProps('lastName')} />
        <TextInput label={t('fields.email')} type="email" required {...form.textProps('email')} />
        <Textarea
          label={t('clients.activationMessage')}
          description={t('clients.activationMessageHint')}
          required
          autosize
          minRows={3}
          maxRows={10}
          {...form.textProps('activationMessage')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={add.isPending}>
            {t('common.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export interface AddClientDialogProps {
  opened: boolean;
  millId: number;
  onClose: () => void;
  onAdded: (result: AddClientResult) => void;
}

/** The add-client dialog of spec §2; the form starts empty each time the dialog opens. */
export function AddClientDialog({ opened, millId, onClose, onAdded }: AddClientDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('clients.add')} centered>
      {opened && <AddClientForm millId={millId} onAdded={onAdded} onCancel={onClose} />}
    </Modal>
  );
}

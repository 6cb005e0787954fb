import { Button, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { addLicenceKeyBodySchema } from '@casebridge/shared/schemas/licence-keys';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useForm } from '../../../lib/use-form.ts';
import { useAddLicenceKey } from '../api/licence-keys-api.ts';

/** The mill comes from the page; the form holds the rest of the request. */
const schema = addLicenceKeyBodySchema.pick({ licenseKey: true, enableDataCollection: true });

const empty = { licenseKey: '', enableDataCollection: false };

function LicenceKeyForm({ millId, onDone }: { millId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm({ initialValues: empty, schema });
  const add = useAddLicenceKey(millId);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const data = form.validate();
    if (!data) return;
    add.mutate(data, {
      onSuccess: () => {
        notifySuccess(t('licenceKeys.added'));
        onDone();
      },
      onError: (error) => {
        if (!form.applyServerErrors(error)) notifyError(t, error, t('common.errorOccurred'));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label={t('licenceKeys.key')}
          required
          data-autofocus
          placeholder="ABCDE-12345-FGHIJ-KLMNO-PQRST"
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          {...form.textProps('licenseKey')}
        />
        <Switch
          label={t('licenceKeys.enableDataCollection')}
          description={t('licenceKeys.dataCollectionHint')}
          checked={form.values.enableDataCollection}
          onChange={(event) => form.setValue('enableDataCollection', event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
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

export function LicenceKeyDialog({ millId, opened, onClose }: { millId: number; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('licenceKeys.add')} centered>
      {opened && <LicenceKeyForm millId={millId} onDone={onClose} />}
    </Modal>
  );
}

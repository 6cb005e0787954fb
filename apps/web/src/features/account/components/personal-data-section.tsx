import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { DataExport } from '@casebridge/shared/schemas/personal-data';
import { describeError } from '../../../lib/error-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { clearSession, setDeletingAccount } from '../../../lib/session.ts';
import { useDataExport, useDeleteAccount, useRequestDataExport } from '../api/personal-data-api.ts';
import { useTwoFactorStatus } from '../api/two-factor-api.ts';

function exportStatus(t: TFunction, row: DataExport): string {
  if (row.status === 'requested') return t('personalData.status.requested', { date: formatDateTime(row.requestedAt) });
  if (row.status === 'ready' && row.downloadedAt) return t('personalData.status.downloaded', { date: formatDateTime(row.downloadedAt) });
  if (row.status === 'ready')
    return t('personalData.status.ready', {
      date: formatDateTime(row.readyAt ?? row.requestedAt),
      expires: formatDateTime(row.expiresAt ?? ''),
    });
  return t(`personalData.status.${row.status}`);
}

/** "Download my data": the export is built by a job and mailed; the latest one's state is shown. */
function ExportPart() {
  const { t } = useTranslation();
  const state = useDataExport();
  const request = useRequestDataExport();
  const latest = state.data?.export ?? null;
  const ask = () =>
    request.mutate(undefined, { onSuccess: () => notifySuccess(t('personalData.requested')), onError: (error) => notifyError(t, error) });
  return (
    <Stack gap="xs">
      <Title order={4}>{t('personalData.exportTitle')}</Title>
      <Text size="sm">{t('personalData.exportHelp')}</Text>
      {latest && (
        <Text size="sm" role="status" data-testid="data-export-status">
          {exportStatus(t, latest)}
        </Text>
      )}
      <Group>
        <Button onClick={ask} loading={request.isPending} disabled={latest?.status === 'requested'}>
          {t('personalData.exportButton')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The confirmation: the password, and a code when the account signs in with a second factor. */
function DeleteDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const twoFactor = useTwoFactorStatus();
  const remove = useDeleteAccount();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const needsCode = twoFactor.data?.totp === true;
  // The server ends this account's sessions as it answers, which may sign the tab out before the
  // answer arrives (and unmount this dialog): either way the guard leads to the goodbye page.
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDeletingAccount(true);
    try {
      await remove.mutateAsync({ password, ...(needsCode ? { code } : {}) });
    } catch {
      setDeletingAccount(false);
      return; // Shown from remove.error.
    }
    clearSession(queryClient);
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('personalData.confirmTitle')}>
      <form onSubmit={(event) => void submit(event)}>
        <Stack>
          <Text size="sm">{t('personalData.confirmText')}</Text>
          {remove.error && <Alert color="red">{describeError(t, remove.error)}</Alert>}
          <PasswordInput
            label={t('personalData.password')}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            autoComplete="current-password"
            required
            data-autofocus
          />
          {needsCode && (
            <TextInput
              label={t('personalData.code')}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              autoComplete="one-time-code"
              required
            />
          )}
          <Group justify="flex-end" wrap="wrap">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="red" loading={remove.isPending}>
              {t('personalData.confirmButton')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The account page's "Your data" (issue 28 part 4, docs/privacy.md). */
export function PersonalDataSection() {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState(false);
  return (
    <Stack gap="md" component="section" aria-labelledby="personal-data-title">
      <Title order={3} id="personal-data-title">
        {t('personalData.title')}
      </Title>
      <ExportPart />
      <Stack gap="xs">
        <Title order={4}>{t('personalData.deleteTitle')}</Title>
        <Text size="sm">{t('personalData.deleteHelp')}</Text>
        <Group>
          <Button color="red" variant="outline" onClick={() => setDeleting(true)}>
            {t('personalData.deleteButton')}
          </Button>
        </Group>
      </Stack>
      {deleting && <DeleteDialog opened onClose={() => setDeleting(false)} />}
    </Stack>
  );
}

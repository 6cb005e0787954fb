import { ActionIcon, Code, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LicenceKey } from '@casebridge/shared/schemas/licence-keys';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { ExpiryStatus, formatUtcDate } from '../../../components/expiry-status.tsx';
import { formatDate } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteLicenceKey, useSetDataCollection } from '../api/licence-keys-api.ts';

function DataCollectionSwitch({ millId, licenceKey }: { millId: number; licenceKey: LicenceKey }) {
  const { t } = useTranslation();
  const update = useSetDataCollection(millId);
  // Shows the requested state while the call runs, the server's once it is back.
  const checked = update.isPending ? update.variables.enableDataCollection : licenceKey.enableDataCollection;
  return (
    <Switch
      aria-label={t('licenceKeys.dataCollectionFor', { key: licenceKey.licenseKey })}
      checked={checked}
      disabled={update.isPending}
      onChange={(event) =>
        update.mutate(
          { id: licenceKey.id, enableDataCollection: event.currentTarget.checked },
          {
            onSuccess: (saved) => notifySuccess(t(saved.enableDataCollection ? 'licenceKeys.collectionOn' : 'licenceKeys.collectionOff')),
            onError: (error) => notifyError(t, error, t('common.errorOccurred')),
          },
        )
      }
    />
  );
}

/** The ticket of the key (issue 14): its expiry exactly as the dealers' ticket desk shows it. */
function TicketExpiryCell({ licenceKey }: { licenceKey: LicenceKey }) {
  const { t } = useTranslation();
  const expiry = licenceKey.ticketExpiry;
  if (!expiry)
    return (
      <Text span fz="sm" c="dimmed">
        {t('ticketThread.noTicket')}
      </Text>
    );
  // One line in words: a date's dash stacked over the status's dashes read "— / ——" (issue 24 item 17).
  if (expiry.status === 'unlimited' || expiry.licenceExpiry === null)
    return (
      <Text span fz="sm">
        {t('ticketDesk.expiry.unlimited')}
      </Text>
    );
  return (
    <Stack gap={2} align="flex-start">
      <Text span fz="sm">
        {formatUtcDate(expiry.licenceExpiry)}
      </Text>
      <ExpiryStatus ticket={expiry} />
    </Stack>
  );
}

function DeleteKeyButton({ millId, licenceKey }: { millId: number; licenceKey: LicenceKey }) {
  const { t } = useTranslation();
  const remove = useDeleteLicenceKey(millId);
  const confirmDelete = () =>
    openConfirmDialog({
      title: t('licenceKeys.deleteTitle'),
      message: t('licenceKeys.deleteMessage', { key: licenceKey.licenseKey }),
      confirmLabel: t('common.delete'),
      cancelLabel: t('common.cancel'),
      danger: true,
      onConfirm: () =>
        remove.mutate(licenceKey.id, {
          onSuccess: () => notifySuccess(t('licenceKeys.deleted')),
          onError: (error) => notifyError(t, error, t('common.errorOccurred')),
        }),
    });

  return (
    <Tooltip label={t('common.delete')} withArrow>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={t('common.deleteNamed', { name: licenceKey.licenseKey })}
        onClick={confirmDelete}
      >
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

/** The licence keys list's columns (spec §2 settings "license keys" tab); on a phone the key titles each card. */
export function useLicenceKeyColumns(millId: number): DataTableColumn<LicenceKey>[] {
  const { t } = useTranslation();
  return [
    {
      key: 'key',
      header: t('licenceKeys.key'),
      sortField: 'licenseKey',
      phone: 'title',
      render: (row) => <Code fz="sm">{row.licenseKey}</Code>,
    },
    {
      key: 'collection',
      header: t('licenceKeys.dataCollection'),
      render: (row) => <DataCollectionSwitch millId={millId} licenceKey={row} />,
    },
    { key: 'ticketExpiry', header: t('ticketThread.ticketExpiry'), render: (row) => <TicketExpiryCell licenceKey={row} /> },
    { key: 'created', header: t('licenceKeys.created'), sortField: 'created_at', render: (row) => formatDate(row.createdAt) },
    {
      key: 'actions',
      header: t('common.actions'),
      phone: 'actions',
      render: (row) => <DeleteKeyButton millId={millId} licenceKey={row} />,
    },
  ];
}

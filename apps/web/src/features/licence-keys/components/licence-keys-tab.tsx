import { ActionIcon, Alert, Button, Code, Group, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LicenceKey } from '@casebridge/shared/schemas/licence-keys';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { ExpiryStatus, formatUtcDate } from '../../../components/expiry-status.tsx';
import { Loading } from '../../../components/loading.tsx';
import { TablePager } from '../../../components/table-pager.tsx';
import { describeError } from '../../../lib/error-message.ts';
import { formatDate } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { usePaging } from '../../../lib/use-paging.ts';
import { useDeleteLicenceKey, useLicenceKeys, useSetDataCollection } from '../api/licence-keys-api.ts';
import { LicenceKeyDialog } from './licence-key-dialog.tsx';

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

/** Spec §2 settings "license keys" tab: add, delete, toggle data collection; sorted by key. */
export function LicenceKeysTab({ millId }: { millId: number }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const paging = usePaging({ field: 'licenseKey', direction: 'asc' });
  const keys = useLicenceKeys(millId, paging.params);
  const remove = useDeleteLicenceKey(millId);

  const confirmDelete = (licenceKey: LicenceKey) =>
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

  const columns: DataTableColumn<LicenceKey>[] = [
    { key: 'key', header: t('licenceKeys.key'), sortField: 'licenseKey', render: (row) => <Code fz="sm">{row.licenseKey}</Code> },
    {
      key: 'collection',
      header: t('licenceKeys.dataCollection'),
      render: (row) => <DataCollectionSwitch millId={millId} licenceKey={row} />,
    },
    {
      // The ticket of the key (issue 14): its expiry exactly as the dealers' ticket desk shows it.
      key: 'ticketExpiry',
      header: t('ticketThread.ticketExpiry'),
      render: (row) =>
        !row.ticketExpiry ? (
          <Text span fz="sm" c="dimmed">
            {t('ticketThread.noTicket')}
          </Text>
        ) : row.ticketExpiry.status === 'unlimited' || row.ticketExpiry.licenceExpiry === null ? (
          // One line in words: a date's dash stacked over the status's dashes read "— / ——" (issue 24 item 17).
          <Text span fz="sm">
            {t('ticketDesk.expiry.unlimited')}
          </Text>
        ) : (
          <Stack gap={2} align="flex-start">
            <Text span fz="sm">
              {formatUtcDate(row.ticketExpiry.licenceExpiry)}
            </Text>
            <ExpiryStatus ticket={row.ticketExpiry} />
          </Stack>
        ),
    },
    { key: 'created', header: t('licenceKeys.created'), sortField: 'created_at', render: (row) => formatDate(row.createdAt) },
    {
      key: 'actions',
      header: t('common.actions'),
      render: (row) => (
        <Tooltip label={t('common.delete')} withArrow>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('common.deleteNamed', { name: row.licenseKey })}
            onClick={() => confirmDelete(row)}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setAdding(true)}>
          {t('licenceKeys.add')}
        </Button>
      </Group>
      {keys.isPending ? (
        <Loading />
      ) : keys.isError ? (
        <Alert color="red">{describeError(t, keys.error)}</Alert>
      ) : (
        <>
          <DataTable columns={columns} rows={keys.data.data} rowKey={(row) => row.id} sort={paging.sort} onSortChange={paging.setSort} />
          <TablePager
            total={keys.data.count}
            page={paging.page}
            pageSize={paging.pageSize}
            onPageChange={paging.setPage}
            onPageSizeChange={paging.setPageSize}
          />
        </>
      )}
      <LicenceKeyDialog millId={millId} opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}

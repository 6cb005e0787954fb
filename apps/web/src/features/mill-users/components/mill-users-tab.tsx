import { ActionIcon, Alert, Badge, Button, Group, Select, Stack, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MILL_ROLES, type MillRole } from '@casebridge/shared/constants/roles';
import type { MillUser } from '@casebridge/shared/schemas/mill-users';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { Loading } from '../../../components/loading.tsx';
import { ResetSecondFactorButton } from '../../../components/reset-second-factor-button.tsx';
import { TablePager } from '../../../components/table-pager.tsx';
import { describeError } from '../../../lib/error-message.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { usePaging } from '../../../lib/use-paging.ts';
import { useDeleteMillUser, useMillUsers } from '../api/mill-users-api.ts';
import { useResetSecondFactor } from '../api/two-factor-admin-api.ts';
import { MillUserDialog, type MillUserDialogState } from './mill-user-dialog.tsx';

const ALL = 'all';
const fullName = (user: MillUser) => `${user.firstName} ${user.lastName}`.trim();

export interface MillUsersTabProps {
  millId: number;
  /** The signed-in user: their own row gets no edit or delete (spec §6). */
  currentUserId: number;
  /** The rule book's `millUsers.resetSecondFactor` (the mill admin's): a reset button per member. */
  mayResetSecondFactor?: boolean;
}

/** Spec §2 settings "users" tab: role filter, add, edit, delete, and resetting a lost second factor. */
export function MillUsersTab({ millId, currentUserId, mayResetSecondFactor = false }: MillUsersTabProps) {
  const { t } = useTranslation();
  const [role, setRole] = useState<MillRole | typeof ALL>(ALL);
  const [dialog, setDialog] = useState<MillUserDialogState>(null);
  const paging = usePaging({ field: 'created_at', direction: 'desc' });
  const users = useMillUsers(millId, { millRole: role === ALL ? undefined : role, ...paging.params });
  const remove = useDeleteMillUser(millId);
  const resetFactor = useResetSecondFactor(millId);

  const confirmDelete = (user: MillUser) =>
    openConfirmDialog({
      title: t('millUsers.deleteTitle'),
      message: t('millUsers.deleteMessage', { name: fullName(user) }),
      confirmLabel: t('common.delete'),
      cancelLabel: t('common.cancel'),
      danger: true,
      onConfirm: () =>
        remove.mutate(user.id, {
          onSuccess: () => notifySuccess(t('millUsers.deleted')),
          onError: (error) => notifyError(t, error, t('common.errorOccurred')),
        }),
    });

  const columns: DataTableColumn<MillUser>[] = [
    { key: 'firstName', header: t('fields.firstName'), sortField: 'firstName', render: (user) => user.firstName },
    { key: 'lastName', header: t('fields.lastName'), sortField: 'lastName', render: (user) => user.lastName },
    { key: 'email', header: t('fields.email'), sortField: 'email', render: (user) => user.email },
    { key: 'role', header: t('millUsers.role'), sortField: 'millRole', render: (user) => t(`millUsers.roles.${user.millRole}`) },
    {
      key: 'state',
      header: t('millUsers.state'),
      render: (user) =>
        user.confirmed ? (
          <Badge variant="light" color="green">
            {t('millUsers.confirmed')}
          </Badge>
        ) : (
          <Badge variant="outline" color="blue">
            {t('millUsers.invited')}
          </Badge>
        ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      render: (user) =>
        user.id === currentUserId ? null : (
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('common.edit')} withArrow>
              <ActionIcon
                variant="subtle"
                aria-label={t('common.editNamed', { name: fullName(user) })}
                onClick={() => setDialog({ mode: 'edit', user })}
              >
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            {mayResetSecondFactor && (
              <ResetSecondFactorButton name={fullName(user)} onReset={(done) => resetFactor.mutate(user.id, done)} />
            )}
            <Tooltip label={t('common.delete')} withArrow>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('common.deleteNamed', { name: fullName(user) })}
                onClick={() => confirmDelete(user)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        ),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Select
          label={t('millUsers.role')}
          data={[
            { value: ALL, label: t('millUsers.allRoles') },
            ...MILL_ROLES.map((value) => ({ value, label: t(`millUsers.roles.${value}`) })),
          ]}
          value={role}
          onChange={(value) => {
            if (!value) return;
            setRole(value);
            paging.setPage(1);
          }}
          allowDeselect={false}
          w={180}
        />
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setDialog({ mode: 'add' })}>
          {t('millUsers.add')}
        </Button>
      </Group>
      {users.isPending ? (
        <Loading />
      ) : users.isError ? (
        <Alert color="red">{describeError(t, users.error)}</Alert>
      ) : (
        <>
          <DataTable columns={columns} rows={users.data.data} rowKey={(user) => user.id} sort={paging.sort} onSortChange={paging.setSort} />
          <TablePager
            total={users.data.count}
            page={paging.page}
            pageSize={paging.pageSize}
            onPageChange={paging.setPage}
            onPageSizeChange={paging.setPageSize}
          />
        </>
      )}
      <MillUserDialog millId={millId} state={dialog} onClose={() => setDialog(null)} />
    </Stack>
  );
}

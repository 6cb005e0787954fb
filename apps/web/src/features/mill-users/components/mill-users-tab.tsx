import { ActionIcon, Badge, Button, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MILL_ROLES, type MillRole } from '@casebridge/shared/constants/roles';
import type { MillUser } from '@casebridge/shared/schemas/mill-users';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { ListView } from '../../../components/list-kit/list-view.tsx';
import { offsetQuery, useListState } from '../../../components/list-kit/use-list-state.ts';
import { ResetSecondFactorButton } from '../../../components/reset-second-factor-button.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteMillUser, useMillUsers } from '../api/mill-users-api.ts';
import { useResetSecondFactor } from '../api/two-factor-admin-api.ts';
import { MillUserDialog, type MillUserDialogState } from './mill-user-dialog.tsx';

/** The role in the URL as the query wants it: missing or unknown is every role. */
const roleFromUrl = (value: string | undefined): MillRole | undefined =>
  (MILL_ROLES as readonly string[]).includes(value ?? '') ? (value as MillRole) : undefined;
const fullName = (user: MillUser) => `${user.firstName} ${user.lastName}`.trim();

export interface MillUsersTabProps {
  millId: number;
  /** The signed-in user: their own row gets no edit or delete (spec §6). */
  currentUserId: number;
  /** The rule book's `millUsers.resetSecondFactor` (the mill admin's): a reset button per member. */
  mayResetSecondFactor?: boolean;
}

/**
 * Spec §2 settings "users" tab: role filter, add, edit, delete, and resetting a lost second factor.
 * On the list kit (ADR 0024): role, sort and page live in the URL beside the settings' `tab`.
 */
export function MillUsersTab({ millId, currentUserId, mayResetSecondFactor = false }: MillUsersTabProps) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<MillUserDialogState>(null);
  const list = useListState({ filters: ['role'], defaultSort: { field: 'created_at', direction: 'desc' } });
  const users = useMillUsers(millId, { millRole: roleFromUrl(list.filters.role), ...offsetQuery(list) });
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

  const roleOptions = [
    { value: '', label: t('millUsers.allRoles') },
    ...MILL_ROLES.map((value) => ({ value, label: t(`millUsers.roles.${value}`) })),
  ];
  return (
    <>
      <ListView
        list={list}
        result={{ ...users, data: users.data && { rows: users.data.data, total: users.data.count } }}
        columns={columns}
        rowKey={(user) => user.id}
        filters={[{ name: 'role', label: t('millUsers.role'), kind: 'select', options: roleOptions }]}
        actions={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setDialog({ mode: 'add' })}>
            {t('millUsers.add')}
          </Button>
        }
      />
      <MillUserDialog millId={millId} state={dialog} onClose={() => setDialog(null)} />
    </>
  );
}

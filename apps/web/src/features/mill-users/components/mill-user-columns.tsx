import { ActionIcon, Badge, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MillUser } from '@casebridge/shared/schemas/mill-users';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { ResetSecondFactorButton } from '../../../components/reset-second-factor-button.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteMillUser } from '../api/mill-users-api.ts';
import { useResetSecondFactor } from '../api/two-factor-admin-api.ts';
import type { MillUserDialogState } from './mill-user-dialog.tsx';

const fullName = (user: MillUser) => `${user.firstName} ${user.lastName}`.trim();

export interface MillUserColumnsOptions {
  millId: number;
  /** The signed-in user: their own row gets no edit or delete (spec §6). */
  currentUserId: number;
  mayResetSecondFactor: boolean;
  onEdit: (state: MillUserDialogState) => void;
}

/** The users tab's columns, with edit, second-factor reset and delete per member. */
export function useMillUserColumns({
  millId,
  currentUserId,
  mayResetSecondFactor,
  onEdit,
}: MillUserColumnsOptions): DataTableColumn<MillUser>[] {
  const { t } = useTranslation();
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

  return [
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
                onClick={() => onEdit({ mode: 'edit', user })}
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
}

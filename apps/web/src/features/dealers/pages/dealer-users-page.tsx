import { ActionIcon, Badge, Button, Group, Tooltip } from '@mantine/core';
import { IconLock, IconLockOpen, IconPencil, IconPlus } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DealerUser } from '@casebridge/shared/schemas/dealers';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { ListView } from '../../../components/list-kit/list-view.tsx';
import { offsetQuery, useListState } from '../../../components/list-kit/use-list-state.ts';
import { Page } from '../../../components/page.tsx';
import { ResetSecondFactorButton, type ResetSecondFactorButtonProps } from '../../../components/reset-second-factor-button.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useDealerUsers, useSaveDealerUser } from '../api/dealers-api.ts';
import { useResetDealerUserFactor } from '../api/two-factor-reset-api.ts';
import { DealerUserDialog, type DealerUserDialogState } from '../components/dealer-user-dialog.tsx';

const fullName = (user: DealerUser) => `${user.firstName} ${user.lastName}`.trim();

/** The users' columns; the row's actions are the page's (dialogs, confirmations). */
function userColumns(t: TFunction, actions: (user: DealerUser) => ReactNode): DataTableColumn<DealerUser>[] {
  return [
    { key: 'firstName', header: t('fields.firstName'), sortField: 'firstName', render: (user) => user.firstName },
    { key: 'lastName', header: t('fields.lastName'), sortField: 'lastName', phone: 'title', render: (user) => user.lastName },
    { key: 'email', header: t('fields.email'), sortField: 'email', render: (user) => user.email },
    { key: 'role', header: t('dealers.users.role'), sortField: 'role', render: (user) => t(`dealers.users.roles.${user.role}`) },
    { key: 'dealer', header: t('dealers.users.dealer'), render: (user) => user.dealerName },
    {
      key: 'state',
      header: t('dealers.users.state'),
      render: (user) =>
        user.blocked ? (
          <Badge color="red" variant="light">
            {t('dealers.users.stateBlocked')}
          </Badge>
        ) : user.confirmed ? (
          <Badge color="green" variant="light">
            {t('dealers.users.stateActive')}
          </Badge>
        ) : (
          <Badge variant="outline">{t('dealers.users.stateInvited')}</Badge>
        ),
    },
    { key: 'actions', header: t('common.actions'), phone: 'actions', render: actions },
  ];
}

/** Spec §4: block and unblock are confirmed, then saved with the flag flipped. */
function useConfirmBlock() {
  const { t } = useTranslation();
  const save = useSaveDealerUser();
  return (user: DealerUser) =>
    openConfirmDialog({
      title: t(user.blocked ? 'dealers.users.unblockTitle' : 'dealers.users.blockTitle'),
      message: t(user.blocked ? 'dealers.users.unblockMessage' : 'dealers.users.blockMessage', { name: fullName(user) }),
      confirmLabel: t(user.blocked ? 'dealers.users.unblock' : 'dealers.users.block'),
      cancelLabel: t('common.cancel'),
      danger: !user.blocked,
      onConfirm: () =>
        save.mutate(
          {
            id: user.id,
            body: {
              firstName: user.firstName,
              lastName: user.lastName,
              email: user.email,
              role: user.role,
              dealerId: user.dealerId,
              blocked: !user.blocked,
            },
          },
          {
            onSuccess: () => notifySuccess(t(user.blocked ? 'dealers.users.unblocked' : 'dealers.users.blocked')),
            onError: (error) => notifyError(t, error, t('common.errorOccurred')),
          },
        ),
    });
}

/** Edit, block or unblock, and (for the manager) reset a lost second factor. */
function UserRowActions({
  user,
  onEdit,
  onBlock,
  onResetFactor,
}: {
  user: DealerUser;
  onEdit: () => void;
  onBlock: () => void;
  onResetFactor?: ResetSecondFactorButtonProps['onReset'];
}) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={t('common.edit')} withArrow>
        <ActionIcon variant="subtle" aria-label={t('common.editNamed', { name: fullName(user) })} onClick={onEdit}>
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t(user.blocked ? 'dealers.users.unblock' : 'dealers.users.block')} withArrow>
        <ActionIcon
          variant="subtle"
          color={user.blocked ? 'green' : 'red'}
          aria-label={t(user.blocked ? 'dealers.users.unblockNamed' : 'dealers.users.blockNamed', { name: fullName(user) })}
          onClick={onBlock}
        >
          {user.blocked ? <IconLockOpen size={18} aria-hidden /> : <IconLock size={18} aria-hidden />}
        </ActionIcon>
      </Tooltip>
      {onResetFactor && <ResetSecondFactorButton name={fullName(user)} onReset={onResetFactor} />}
    </Group>
  );
}

/**
 * Spec §2 dealer user management: `/manager/user` for the manager, `/dealer/users` for dealer
 * managers. Search, sort and page live in the URL (list kit, ADR 0024).
 */
export function DealerUsersPage() {
  const { t } = useTranslation();
  const { session } = useSession();
  const [dialog, setDialog] = useState<DealerUserDialogState>(null);
  const list = useListState({ filters: [], defaultSort: { field: 'lastName', direction: 'asc' } });
  const users = useDealerUsers(offsetQuery(list));
  const confirmBlock = useConfirmBlock();
  const resetFactor = useResetDealerUserFactor();
  // The rule book gives the reset to the manager only: a dealer manager may not vouch for a lost factor (ADR 0020).
  const mayResetFactor = session?.actions.includes('dealerUsers.resetSecondFactor') ?? false;
  // One's own row is changed on the account page (the server refuses it here).
  const actions = (user: DealerUser) =>
    user.id === session?.user.id ? null : (
      <UserRowActions
        user={user}
        onEdit={() => setDialog({ mode: 'edit', user })}
        onBlock={() => confirmBlock(user)}
        onResetFactor={mayResetFactor ? (done) => resetFactor.mutate(user.id, done) : undefined}
      />
    );

  return (
    <Page title={t('dealers.users.title')}>
      <ListView
        list={list}
        result={{ ...users, data: users.data && { rows: users.data.data, total: users.data.count } }}
        columns={userColumns(t, actions)}
        rowKey={(user) => user.id}
        search={t('dealers.search')}
        errorTitle={t('dealers.users.loadError')}
        actions={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setDialog({ mode: 'add' })}>
            {t('dealers.users.add')}
          </Button>
        }
      />
      <DealerUserDialog state={dialog} defaultDealerId={session?.dealer?.id ?? null} onClose={() => setDialog(null)} />
    </Page>
  );
}

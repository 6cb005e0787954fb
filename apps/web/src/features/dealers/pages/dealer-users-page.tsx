import { ActionIcon, Alert, Badge, Button, Group, Stack, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLock, IconLockOpen, IconPencil, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DealerUser } from '@casebridge/shared/schemas/dealers';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
import { ResetSecondFactorButton } from '../../../components/reset-second-factor-button.tsx';
import { TablePager } from '../../../components/table-pager.tsx';
import { describeError } from '../../../lib/error-message.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { usePaging } from '../../../lib/use-paging.ts';
import { useDealerUsers, useSaveDealerUser } from '../api/dealers-api.ts';
import { useResetDealerUserFactor } from '../api/two-factor-reset-api.ts';
import { SEARCH_DEBOUNCE_MS } from '../components/dealer-list.tsx';
import { DealerUserDialog, type DealerUserDialogState } from '../components/dealer-user-dialog.tsx';

const fullName = (user: DealerUser) => `${user.firstName} ${user.lastName}`.trim();

/** Spec §2 dealer user management: `/manager/user` for the manager, `/dealer/users` for dealer managers. */
export function DealerUsersPage() {
  const { t } = useTranslation();
  const { session } = useSession();
  const [dialog, setDialog] = useState<DealerUserDialogState>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const paging = usePaging({ field: 'lastName', direction: 'asc' });
  const users = useDealerUsers({ ...paging.params, _q: debounced || undefined });
  const save = useSaveDealerUser();
  const resetFactor = useResetDealerUserFactor();
  // The rule book gives the reset to the manager only: a dealer manager may not vouch for a lost factor (ADR 0020).
  const mayResetFactor = session?.actions.includes('dealerUsers.resetSecondFactor') ?? false;

  // Spec §4: block and unblock are confirmed, then saved with the flag flipped.
  const confirmBlock = (user: DealerUser) =>
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

  const columns: DataTableColumn<DealerUser>[] = [
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
    {
      key: 'actions',
      header: t('common.actions'),
      phone: 'actions',
      // One's own row is changed on the account page (the server refuses it here).
      render: (user) =>
        user.id === session?.user.id ? null : (
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
            <Tooltip label={t(user.blocked ? 'dealers.users.unblock' : 'dealers.users.block')} withArrow>
              <ActionIcon
                variant="subtle"
                color={user.blocked ? 'green' : 'red'}
                aria-label={t(user.blocked ? 'dealers.users.unblockNamed' : 'dealers.users.blockNamed', { name: fullName(user) })}
                onClick={() => confirmBlock(user)}
              >
                {user.blocked ? <IconLockOpen size={18} aria-hidden /> : <IconLock size={18} aria-hidden />}
              </ActionIcon>
            </Tooltip>
            {mayResetFactor && <ResetSecondFactorButton name={fullName(user)} onReset={(done) => resetFactor.mutate(user.id, done)} />}
          </Group>
        ),
    },
  ];

  return (
    <Page title={t('dealers.users.title')}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <TextInput
            label={t('dealers.search')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            style={{ flex: 1, minWidth: 180, maxWidth: 360 }}
          />
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setDialog({ mode: 'add' })}>
            {t('dealers.users.add')}
          </Button>
        </Group>
        {users.isPending ? (
          <Loading />
        ) : users.isError ? (
          <Alert color="red">{`${t('dealers.users.loadError')} ${describeError(t, users.error)}`}</Alert>
        ) : (
          <>
            <DataTable
              columns={columns}
              rows={users.data.data}
              rowKey={(user) => user.id}
              sort={paging.sort}
              onSortChange={paging.setSort}
            />
            <TablePager
              total={users.data.count}
              page={paging.page}
              pageSize={paging.pageSize}
              onPageChange={paging.setPage}
              onPageSizeChange={paging.setPageSize}
            />
          </>
        )}
        <DealerUserDialog state={dialog} defaultDealerId={session?.dealer?.id ?? null} onClose={() => setDialog(null)} />
      </Stack>
    </Page>
  );
}

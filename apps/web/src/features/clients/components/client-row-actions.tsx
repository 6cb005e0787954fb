import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconLock, IconLockOpen, IconMailForward, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Client } from '@casebridge/shared/schemas/clients';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notifyError, notifyServerMessage, notifySuccess } from '../../../lib/notify.ts';
import { clientPersonLabel } from '../../../lib/client-label.ts';
import { describeServerError } from '../../../lib/error-message.ts';
import { useDeleteClient, useSendInvite, useSetClientBlocked } from '../api/clients-api.ts';

function RowAction({
  label,
  tooltip,
  color,
  loading,
  onClick,
  children,
}: {
  label: string;
  tooltip: string;
  color?: string;
  loading?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={tooltip} withArrow>
      <ActionIcon variant="subtle" color={color} aria-label={label} loading={loading} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** Blocking locks the lab out of new orders at once, so it (and lifting it) is confirmed first. */
function useBlockToggle(millId: number, client: Client, name: string) {
  const { t } = useTranslation();
  const setBlocked = useSetClientBlocked(millId);
  const blocking = !client.blockedByMill;
  const toggle = () =>
    setBlocked.mutate(
      { userId: client.id, blockedByMill: blocking },
      {
        onSuccess: () => notifySuccess(t(blocking ? 'clients.blocked' : 'clients.unblocked', { name })),
        // A client the system blocked cannot be unblocked here: the server says to contact the admin.
        onError: (error) => notifyServerMessage(t, error, t(blocking ? 'clients.blockFailed' : 'clients.unblockFailed')),
      },
    );
  const confirm = () =>
    openConfirmDialog({
      title: t(blocking ? 'clients.blockTitle' : 'clients.unblockTitle'),
      message: t(blocking ? 'clients.blockMessage' : 'clients.unblockMessage', { name }),
      confirmLabel: t(blocking ? 'clients.block' : 'clients.unblock'),
      cancelLabel: t('common.cancel'),
      danger: blocking,
      onConfirm: toggle,
    });
  return { confirm, pending: setBlocked.isPending };
}

/**
 * Spec §2 row actions: block or unblock only a confirmed client, send the invitation again only
 * to one who has not accepted it, delete after a confirmation.
 */
export function ClientRowActions({ millId, client }: { millId: number; client: Client }) {
  const { t } = useTranslation();
  const sendInvite = useSendInvite(millId);
  const remove = useDeleteClient(millId);
  const name = clientPersonLabel(client);

  const block = useBlockToggle(millId, client, name);

  const describeServer = (error: unknown) => describeServerError(t, error);

  const invite = () =>
    sendInvite.mutate(client.id, {
      onSuccess: () => notifySuccess(t('clients.emailSent')),
      onError: (error) => openConfirmDialog({ title: t('common.errorOccurred'), message: describeServer(error) }),
    });

  const confirmDelete = () =>
    openConfirmDialog({
      title: t('clients.deleteTitle'),
      message: t('clients.deleteMessage', { name }),
      confirmLabel: t('common.delete'),
      cancelLabel: t('common.cancel'),
      danger: true,
      onConfirm: () =>
        remove.mutate(client.id, {
          onSuccess: () => notifySuccess(t('clients.deleted')),
          onError: (error) => notifyError(t, error),
        }),
    });

  return (
    // Clicks on the actions must not also open the row's detail page.
    <Group gap={4} wrap="nowrap" onClick={(event) => event.stopPropagation()}>
      {client.confirmed ? (
        client.blockedByMill ? (
          <RowAction
            label={t('clients.unblockNamed', { name })}
            tooltip={t('clients.unblock')}
            loading={block.pending}
            onClick={block.confirm}
          >
            <IconLockOpen size={18} aria-hidden />
          </RowAction>
        ) : client.blockedBySystem ? (
          // The mill's own block could never be lifted while the system's lasts (the server refuses
          // to unblock), so such a client is not offered Block: its state stands in its place.
          <Text size="xs" c="red">
            {t('clients.blockedBySystem')}
          </Text>
        ) : (
          <RowAction
            label={t('clients.blockNamed', { name })}
            tooltip={t('clients.block')}
            color="orange"
            loading={block.pending}
            onClick={block.confirm}
          >
            <IconLock size={18} aria-hidden />
          </RowAction>
        )
      ) : (
        <RowAction
          label={t('clients.sendInviteNamed', { name })}
          tooltip={t('clients.sendInvite')}
          loading={sendInvite.isPending}
          onClick={invite}
        >
          <IconMailForward size={18} aria-hidden />
        </RowAction>
      )}
      <RowAction
        label={t('common.deleteNamed', { name })}
        tooltip={t('common.delete')}
        color="red"
        loading={remove.isPending}
        onClick={confirmDelete}
      >
        <IconTrash size={18} aria-hidden />
      </RowAction>
    </Group>
  );
}

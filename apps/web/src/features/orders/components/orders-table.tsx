import { ActionIcon, Anchor, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconFileText, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Order } from '@casebridge/shared/schemas/orders';
import type { DataTableColumn, RowExpansion } from '../../../components/data-table.tsx';
import { followLink } from '../../../lib/follow-link.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { componentPath, type WorkspaceSide } from '../../../lib/order-paths.ts';
import { ordersApi, useDeleteOrder } from '../api/orders-api.ts';
import { StatusBadge } from './status-badge.tsx';

export const personName = (person: { firstName: string; lastName: string } | null | undefined) =>
  person ? `${person.firstName} ${person.lastName}`.trim() : null;

function OrderComponents({ order, side }: { order: Order; side: WorkspaceSide }) {
  const { t } = useTranslation();
  return (
    <Stack
      gap={6}
      component="ul"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
      aria-label={t('orders.componentsOf', { name: order.name })}
    >
      {order.components.map((component) => (
        <li key={component.id}>
          <Group gap="sm">
            <Anchor component={Link} to={componentPath(side, order.id, component.id)} fw={500}>
              {component.displayName || component.name}
            </Anchor>
            <StatusBadge status={component.status} />
            <Text size="sm" c="dimmed">
              {t('orders.documentCount', { count: component.documentsCount })}
            </Text>
          </Group>
        </li>
      ))}
    </Stack>
  );
}

function OrderActions({ order }: { order: Order }) {
  const { t } = useTranslation();
  const follow = (getLink: () => Promise<{ url: string }>) => followLink(getLink).catch((error: unknown) => notifyError(t, error));
  const report = t('orders.reportFor', { name: order.name });
  const download = t('orders.downloadAllOf', { name: order.name });
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={report} openDelay={100}>
        <ActionIcon variant="subtle" aria-label={report} onClick={() => void follow(() => ordersApi.reportLink(order.id))}>
          <IconFileText size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={download} openDelay={100}>
        <ActionIcon
          variant="subtle"
          aria-label={download}
          disabled={order.isDeleted}
          onClick={() => void follow(() => ordersApi.orderDocumentsLink(order.id))}
        >
          <IconDownload size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** The lab may withdraw an order it sent, after confirming: its files are removed for good. */
function LabOrderActions({ order }: { order: Order }) {
  const { t } = useTranslation();
  const deleteOrder = useDeleteOrder();
  if (order.isDeleted) return null;
  const label = t('orders.deleteOrder', { name: order.name });
  const confirm = () =>
    openConfirmDialog({
      title: t('orders.deleteOrderTitle'),
      message: t('orders.deleteOrderMessage', { name: order.name }),
      confirmLabel: t('common.delete'),
      cancelLabel: t('common.cancel'),
      danger: true,
      onConfirm: () =>
        deleteOrder.mutate(order.id, {
          onSuccess: () => notifySuccess(t('orders.orderDeleted')),
          onError: (error) => notifyError(t, error),
        }),
    });
  return (
    <Tooltip label={label} openDelay={100}>
      <ActionIcon variant="subtle" color="red" aria-label={label} loading={deleteOrder.isPending} onClick={confirm}>
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

/** Spec §2 orders list's columns and row expansion, shared by the orders pages and a client's orders (list kit). */
export function useOrderColumns(side: WorkspaceSide): { columns: DataTableColumn<Order>[]; expansion: RowExpansion<Order> } {
  const { t } = useTranslation();
  const columns: DataTableColumn<Order>[] = [
    { key: 'id', header: t('orders.orderId'), render: (order) => `#${order.id}` },
    {
      key: 'name',
      header: t('orders.name'),
      sortField: 'name',
      phone: 'title',
      render: (order) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={500} td={order.isDeleted ? 'line-through' : undefined}>
            {order.name}
          </Text>
          {order.isDeleted && (
            <Badge color="red" variant="light">
              {t('orders.deleted')}
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'client', header: t('orders.client'), render: (order) => order.client.name },
    {
      key: 'responsible',
      header: t('orders.responsible'),
      render: (order) =>
        personName(order.responsible) ?? (
          <Text size="sm" c="dimmed">
            {t('orders.nobody')}
          </Text>
        ),
    },
    { key: 'created', header: t('orders.created'), sortField: 'created_at', render: (order) => formatDateTime(order.created_at) },
    {
      key: 'messages',
      header: t('orders.newMessages'),
      render: (order) =>
        order.newMessages > 0 ? (
          <Badge color="red" aria-label={t('orders.newMessagesCount', { count: order.newMessages })}>
            {order.newMessages}
          </Badge>
        ) : null,
    },
  ];
  if (side === 'mill') columns.push({ key: 'actions', header: t('common.actions'), render: (order) => <OrderActions order={order} /> });
  else columns.push({ key: 'actions', header: t('common.actions'), render: (order) => <LabOrderActions order={order} /> });

  const expansion: RowExpansion<Order> = {
    toggleLabel: (order) => t('orders.showComponents', { name: order.name }),
    content: (order) => (order.components.length > 0 ? <OrderComponents order={order} side={side} /> : null),
  };
  return { columns, expansion };
}

import { Anchor, Badge, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MillSummary } from '@casebridge/shared/schemas/auth';
import type { Message } from '@casebridge/shared/schemas/orders';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import type { ListFilter } from '../../../components/list-kit/list-filters.tsx';
import { ListView } from '../../../components/list-kit/list-view.tsx';
import { offsetQuery, useListState } from '../../../components/list-kit/use-list-state.ts';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { componentPath, ordersPath, type WorkspaceSide } from '../../../lib/order-paths.ts';
import { useSelectedMill, useSession } from '../../../lib/session.ts';
import { useMessages, type ReadFilter } from '../api/messages-api.ts';

/** Spec §2 messages page: what the other side wrote, filtered by read state, paged. */
export function MessagesPage() {
  const { t } = useTranslation();
  const { session } = useSession();
  const { mill } = useSelectedMill(session);
  const side: WorkspaceSide = session?.user.role.type === 'mill' ? 'mill' : 'lab';
  return <Page title={t('nav.messages')}>{mill ? <MessagesList key={mill.id} mill={mill} side={side} /> : <Loading />}</Page>;
}

/** One client's messages at the mill (client detail page): the same list, narrowed to that lab. */
export function ClientMessages({ mill, labId }: { mill: MillSummary; labId: number }) {
  return <MessagesList mill={mill} side="mill" client={labId} />;
}

const READ_FILTERS: readonly ReadFilter[] = ['all', 'unread', 'read'];
/** The read state in the URL: missing or unknown is every message. */
const readFilterFromUrl = (value: string | undefined): ReadFilter =>
  READ_FILTERS.includes(value as ReadFilter) ? (value as ReadFilter) : 'all';

/** 'All' is the filter left out of the URL. */
function readFilter(t: TFunction): ListFilter {
  const options = READ_FILTERS.map((value) => ({ value: value === 'all' ? '' : value, label: t(`messages.filter.${value}`) }));
  return { name: 'read', label: t('messages.show'), kind: 'segmented', options };
}

/**
 * On the list kit (ADR 0024): the read state and the page live in the URL, beside the client page's
 * `tab`. Newest first, the API's only order, so no column sorts; the API has no search either.
 */
function MessagesList({ mill, side, client }: { mill: MillSummary; side: WorkspaceSide; client?: number }) {
  const { t } = useTranslation();
  const list = useListState({ filters: ['read'], defaultSort: { field: 'created_at', direction: 'desc' } });
  const messages = useMessages(mill.id, readFilterFromUrl(list.filters.read), offsetQuery(list), client);
  return (
    <ListView
      list={list}
      result={{ ...messages, data: messages.data && { rows: messages.data.data, total: messages.data.count } }}
      columns={messageColumns(t, side)}
      rowKey={(message) => message.id}
      filters={[readFilter(t)]}
    />
  );
}

/** Where it was written (the card's heading on a phone), what, by whom and when. */
function messageColumns(t: TFunction, side: WorkspaceSide): DataTableColumn<Message>[] {
  return [
    {
      key: 'order',
      header: t('messages.columns.order'),
      phone: 'title',
      render: (message) => <MessageTarget message={message} side={side} />,
    },
    {
      key: 'message',
      header: t('messages.columns.message'),
      render: (message) => (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} fw={message.read ? 400 : 600}>
          {message.message}
        </Text>
      ),
    },
    {
      key: 'from',
      header: t('messages.columns.from'),
      render: (message) => {
        const author = `${message.author.firstName} ${message.author.lastName}`.trim() || message.companyName;
        return author === message.companyName ? author : `${author} · ${message.companyName}`;
      },
    },
    { key: 'date', header: t('messages.columns.date'), render: (message) => formatDateTime(message.created_at) },
  ];
}

/** The link to the message's component (or its orders list), marked while unread. */
function MessageTarget({ message, side }: { message: Message; side: WorkspaceSide }) {
  const { t } = useTranslation();
  const target = message.componentId !== null ? componentPath(side, message.projectId, message.componentId) : ordersPath(side);
  return (
    <Stack gap={4} align="flex-start">
      <Anchor component={Link} to={target} fw={600}>
        {t('messages.orderLink', { id: message.projectId })}
        {message.componentId !== null ? ` · ${t('messages.component', { id: message.componentId })}` : ''}
      </Anchor>
      {!message.read && <Badge color="red">{t('messages.unread')}</Badge>}
    </Stack>
  );
}

import { Alert, Anchor, Badge, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MillSummary } from '@casebridge/shared/schemas/auth';
import type { Message } from '@casebridge/shared/schemas/orders';
import { offsetQuery, useListState } from '../../../components/list-kit/use-list-state.ts';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
import { TablePager } from '../../../components/table-pager.tsx';
import { describeError } from '../../../lib/error-message.ts';
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

function MessagesList({ mill, side, client }: { mill: MillSummary; side: WorkspaceSide; client?: number }) {
  const { t } = useTranslation();
  // The list kit's state (ADR 0024): read state and page in the URL, so a reload or the back button keeps them.
  const list = useListState({ filters: ['read'], defaultSort: { field: 'created_at', direction: 'desc' } });
  const filter = readFilterFromUrl(list.filters.read);
  const messages = useMessages(mill.id, filter, { ...offsetQuery(list), _sort: 'created_at:desc' }, client);
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text size="sm" fw={500} id="messages-filter-label">
          {t('messages.show')}
        </Text>
        <SegmentedControl
          aria-labelledby="messages-filter-label"
          value={filter}
          onChange={(value) => list.change({ filter: 'read', value: value === 'all' ? '' : value })}
          data={READ_FILTERS.map((value) => ({ value, label: t(`messages.filter.${value}`) }))}
          w="fit-content"
        />
      </Stack>
      {messages.isPending ? (
        <Loading />
      ) : messages.isError ? (
        <Alert color="red">{describeError(t, messages.error)}</Alert>
      ) : messages.data.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {t('common.noData')}
        </Text>
      ) : (
        <>
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {messages.data.data.map((message) => (
              <li key={message.id}>
                <MessageRow message={message} side={side} />
              </li>
            ))}
          </Stack>
          <TablePager
            total={messages.data.count}
            page={list.page}
            pageSize={list.pageSize}
            onPageChange={(page) => list.change({ page })}
            onPageSizeChange={list.setPageSize}
          />
        </>
      )}
    </Stack>
  );
}

function MessageRow({ message, side }: { message: Message; side: WorkspaceSide }) {
  const { t } = useTranslation();
  const author = `${message.author.firstName} ${message.author.lastName}`.trim() || message.companyName;
  const target = message.componentId !== null ? componentPath(side, message.projectId, message.componentId) : ordersPath(side);
  return (
    <Paper withBorder p="sm" bg={message.read ? undefined : 'var(--mantine-color-blue-light)'}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            {!message.read && <Badge color="red">{t('messages.unread')}</Badge>}
            <Anchor component={Link} to={target} fw={600}>
              {t('messages.orderLink', { id: message.projectId })}
              {message.componentId !== null ? ` · ${t('messages.component', { id: message.componentId })}` : ''}
            </Anchor>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} fw={message.read ? 400 : 600}>
            {message.message}
          </Text>
          <Text size="xs" c="dimmed">
            {author} · {message.companyName} · {formatDateTime(message.created_at)}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

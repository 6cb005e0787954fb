import { Badge, Button, Group, Paper, SegmentedControl, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useSelectedMill, useSession } from '../../../lib/session.ts';
import { useMarkReadState, useNotifications, type AppNotification } from '../api/notifications-api.ts';
import { notificationTarget } from '../components/notification-target.ts';
import { filesExpiringText } from '../components/files-expiring-text.ts';
import { filterGroups, groupNotifications, type NotificationFilter, type NotificationGroup } from '../components/group-notifications.ts';

export function NotificationsPage() {
  const { t } = useTranslation();
  const { session } = useSession();
  const { mill } = useSelectedMill(session);
  const navigate = useNavigate();
  const [filter, setFilter] = useState<NotificationFilter>('all');
  const { data, isPending, isError } = useNotifications();
  const markReadState = useMarkReadState();
  const groups = filterGroups(groupNotifications(data ?? []), filter);

  const open = (group: NotificationGroup) => {
    const side = session?.user.role.type === 'mill' ? 'mill' : 'lab';
    const go = () => void notificationTarget(side, mill?.id ?? null, group.shown).then((path) => navigate(path));
    if (group.unreadIds.length === 0) return go();
    markReadState.mutate({ notificationIds: group.unreadIds, read: true }, { onSuccess: go, onError: (error) => notifyError(t, error) });
  };

  const markUnread = (group: NotificationGroup) =>
    markReadState.mutate(
      // Spec §4: only the group's first item turns unread, which is enough to flag the group.
      { notificationIds: [group.items[0]!.notificationId], read: false },
      { onError: (error) => notifyError(t, error) },
    );

  return (
    <Page title={t('notifications.title')}>
      <SegmentedControl
        aria-label={t('notifications.filter')}
        value={filter}
        onChange={(value) => setFilter(value)}
        data={[
          { value: 'all', label: t('notifications.all') },
          { value: 'unread', label: t('notifications.unread') },
        ]}
        w="fit-content"
      />
      {isPending && <Loading />}
      {isError && <Text c="red">{t('notifications.loadError')}</Text>}
      {!isPending && groups.length === 0 && <Text c="dimmed">{t('notifications.empty')}</Text>}
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {groups.map((group) => (
          <li key={group.key}>
            <NotificationRow group={group} onOpen={() => open(group)} onMarkUnread={() => markUnread(group)} />
          </li>
        ))}
      </Stack>
    </Page>
  );
}

function NotificationRow({ group, onOpen, onMarkUnread }: { group: NotificationGroup; onOpen: () => void; onMarkUnread: () => void }) {
  const { t } = useTranslation();
  const unread = group.unreadIds.length > 0;
  return (
    <Paper withBorder p="sm" bg={unread ? 'var(--mantine-color-blue-light)' : undefined}>
      <Group justify="space-between" wrap="nowrap">
        <UnstyledButton onClick={onOpen} style={{ flex: 1 }}>
          <Group gap="xs">
            <Badge variant="light">{t(`notifications.types.${group.shown.notificationType}`)}</Badge>
            {unread && <Badge color="red">{t('notifications.unreadBadge', { count: group.unreadIds.length })}</Badge>}
          </Group>
          <Text fw={unread ? 600 : 400} mt={4}>
            {shownText(t, group.shown)}
          </Text>
          <NotificationPlace notification={group.shown} />
          <Text size="xs" c="dimmed">
            {formatDateTime(group.shown.createdAt)}
          </Text>
        </UnstyledButton>
        {!unread && (
          <Button variant="subtle" size="xs" onClick={onMarkUnread}>
            {t('notifications.markUnread')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** Which order, and which of its components, a notification is about (a new order's text is already its name). */
function NotificationPlace({ notification }: { notification: AppNotification }) {
  const { t } = useTranslation();
  const { orderName, componentName, notificationType } = notification;
  const parts = [
    orderName !== null && notificationType !== 'newProjectCreated' ? t('notifications.order', { name: orderName }) : null,
    componentName !== null ? t('notifications.component', { name: componentName }) : null,
  ].filter((part) => part !== null);
  if (parts.length === 0) return null;
  return <Text size="sm">{parts.join(' · ')}</Text>;
}

/** An order's or message's own text; a plan's limit or a retention warning is named by the server and said in the reader's language. */
function shownText(t: TFunction, notification: AppNotification): string {
  if (notification.notificationType === 'filesExpiring') return filesExpiringText(t, notification.message);
  return notification.notificationType === 'planLimitReached' ? t(`notifications.planLimit.${notification.message}`) : notification.message;
}

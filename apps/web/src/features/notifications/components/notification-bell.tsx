import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNotifications } from '../api/notifications-api.ts';
import { useRefreshNotificationsOnRead } from '../live/use-refresh-on-read.ts';
import { unreadGroupCount } from './group-notifications.ts';

export function NotificationBell() {
  const { t } = useTranslation();
  const { data = [] } = useNotifications();
  // The bell is on every signed-in page: it keeps its count true when a component page is read.
  useRefreshNotificationsOnRead();
  const unread = unreadGroupCount(data);
  return (
    <Indicator label={unread} size={18} disabled={unread === 0} color="red" offset={4}>
      <ActionIcon component={Link} to="/notifications" variant="subtle" size="lg" aria-label={t('notifications.bell', { count: unread })}>
        <IconBell size={20} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}

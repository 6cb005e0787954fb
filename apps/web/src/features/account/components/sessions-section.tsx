import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UserSession } from '@casebridge/shared/schemas/user-sessions';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { describeError } from '../../../lib/error-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { formatRelative } from '../../../lib/relative-time.ts';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/sessions-api.ts';

/**
 * One place the user is signed in: a card, so that it reads as well at 360 px as on a desktop.
 * Ending it is the section's (`onEnd`): the row leaves the list when it refreshes, and a mutation
 * held by the row would go with it before its notice shows.
 */
function SessionRow({ session, onEnd, ending }: { session: UserSession; onEnd: (session: UserSession) => void; ending: boolean }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="sm" component="li" aria-label={session.device}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={600}>{session.device}</Text>
            {session.current && <Badge variant="light">{t('sessions.thisDevice')}</Badge>}
          </Group>
          <Text size="sm" c="dimmed">
            {t('sessions.details', {
              ip: session.ip,
              method: t(`sessions.method.${session.method}`),
              since: formatDateTime(session.createdAt),
            })}
          </Text>
          <Text size="sm" c="dimmed" title={formatDateTime(session.lastSeenAt)}>
            {t('sessions.lastSeen', { when: formatRelative(session.lastSeenAt) })}
          </Text>
        </Stack>
        {!session.current && (
          <Button
            variant="default"
            color="red"
            size="xs"
            loading={ending}
            onClick={() => onEnd(session)}
            aria-label={t('sessions.endNamed', { device: session.device })}
          >
            {t('sessions.end')}
          </Button>
        )}
      </Group>
    </Card>
  );
}

/** ADR 0021: where the user is signed in; end one session or every other one. The current one is always listed. */
export function SessionsSection() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const end = useEndSession();
  const confirmEnd = (session: UserSession) =>
    openConfirmDialog({
      title: t('sessions.endTitle'),
      message: t('sessions.endMessage', { device: session.device }),
      confirmLabel: t('sessions.end'),
      cancelLabel: t('common.cancel'),
      danger: true,
      onConfirm: () =>
        end.mutate(session.id, { onSuccess: () => notifySuccess(t('sessions.ended')), onError: (error) => notifyError(t, error) }),
    });
  const others = sessions.data?.sessions.filter((session) => !session.current).length ?? 0;
  const confirmEndOthers = () =>
    openConfirmDialog({
      title: t('sessions.endOthersTitle'),
      message: t('sessions.endOthersMessage', { number: others }),
      confirmLabel: t('sessions.endOthers'),
      cancelLabel: t('common.cancel'),
      danger: true,
      onConfirm: () =>
        endOthers.mutate(undefined, {
          onSuccess: () => notifySuccess(t('sessions.endedOthers')),
          onError: (error) => notifyError(t, error),
        }),
    });
  return (
    <Stack maw={720} aria-labelledby="sessions-title" component="section">
      <Title order={2} size="h4" id="sessions-title">
        {t('sessions.title')}
      </Title>
      {sessions.isPending && <Loader size="sm" aria-label={t('common.loading')} />}
      {sessions.isError && (
        <Alert color="red" title={t('common.errorTitle')}>
          {describeError(t, sessions.error)}
        </Alert>
      )}
      {sessions.data && (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {sessions.data.sessions.map((session) => (
            <SessionRow key={session.id} session={session} onEnd={confirmEnd} ending={end.isPending && end.variables === session.id} />
          ))}
        </Stack>
      )}
      {others > 0 && (
        <Group>
          <Button variant="outline" color="red" onClick={confirmEndOthers} loading={endOthers.isPending}>
            {t('sessions.endOthers')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

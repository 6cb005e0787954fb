import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MillSummary } from '@casebridge/shared/schemas/auth';

/**
 * Tells a lab that its mill blocked it (or the mill itself is blocked), with the message the
 * mill left for its clients when there is one. Never the mill's internal block reason.
 */
export function MillBlockedAlert({ mill }: { mill: MillSummary | null }) {
  const { t } = useTranslation();
  if (!mill?.blocked) return null;
  const message = mill.blockedMillClientMessage?.trim();
  return (
    <Alert color="red" icon={<IconAlertTriangle size={20} aria-hidden />} title={t('labWelcome.blockedTitle')}>
      <Text size="sm">{t('labWelcome.blocked', { mill: mill.company.name })}</Text>
      {message && (
        <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
          {message}
        </Text>
      )}
    </Alert>
  );
}

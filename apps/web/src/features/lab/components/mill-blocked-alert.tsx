import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MillSummary } from '@casebridge/shared/schemas/auth';
import { blockedMillText } from '../../../lib/blocked-mill.ts';

/**
 * Tells a lab why its mill is blocked for it, as the header's warning does: that the mill (or the
 * system) blocked this lab, or the reason the operator gave for blocking the mill.
 */
export function MillBlockedAlert({ mill }: { mill: MillSummary | null }) {
  const { t } = useTranslation();
  if (!mill?.blocked) return null;
  return (
    <Alert color="red" icon={<IconAlertTriangle size={20} aria-hidden />} title={t('labWelcome.blockedTitle')}>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {blockedMillText(t, 'lab', mill)}
      </Text>
    </Alert>
  );
}

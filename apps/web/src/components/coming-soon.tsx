import { EmptyState } from '@mantine/core';
import { IconHourglassEmpty } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** An honest placeholder for a screen a later issue builds: says so instead of faking data. */
export function ComingSoon({ what }: { what?: string }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      py="xl"
      icon={<IconHourglassEmpty size={32} aria-hidden />}
      withIndicatorBackground
      title={t('common.comingSoonTitle')}
      description={what ? t('common.comingSoonWhat', { what }) : t('common.comingSoon')}
    />
  );
}

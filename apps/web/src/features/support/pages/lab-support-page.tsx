import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/coming-soon.tsx';
import { DesktopAppDownload } from '../../../components/desktop-app-download.tsx';
import { QueryTabsPage } from '../../../components/query-tabs.tsx';

export function LabSupportPage() {
  const { t } = useTranslation();
  return (
    <QueryTabsPage
      defaultTab="contact"
      tabs={[
        { value: 'contact', label: t('support.contact'), panel: <ComingSoon what={t('support.contactForm')} /> },
        {
          value: 'download-app',
          label: t('support.downloadApp'),
          panel: (
            <Stack>
              <Text>{t('desktopApp.p1')}</Text>
              <DesktopAppDownload />
            </Stack>
          ),
        },
      ]}
    />
  );
}

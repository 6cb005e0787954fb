import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DesktopAppDownload } from '../../../components/desktop-app-download.tsx';
import { QueryTabsPage } from '../../../components/query-tabs.tsx';
import { useSelectedMill, useSession } from '../../../lib/session.ts';
import { ContactForm } from '../components/contact-form.tsx';

export function LabSupportPage() {
  const { t } = useTranslation();
  const { session } = useSession();
  const { mill } = useSelectedMill(session);
  return (
    <QueryTabsPage
      title={t('nav.support')}
      defaultTab="contact"
      tabs={[
        {
          value: 'contact',
          label: t('support.contact'),
          panel: mill ? <ContactForm key={mill.id} millId={mill.id} millName={mill.company.name} /> : <Alert color="yellow">{t('support.noMill')}</Alert>,
        },
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

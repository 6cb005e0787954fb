import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DesktopAppDownload } from '../../../components/desktop-app-download.tsx';
import { QueryTabsPage } from '../../../components/query-tabs.tsx';
import { useSelectedMill, useSession } from '../../../lib/session.ts';
import { ContactForm } from '../components/contact-form.tsx';

/**
 * Spec §2 support screen (contact form and desktop-app download), for labs (/lab/support) and
 * for the mill's own staff (/mill/support): both write to the operator's support about the
 * selected mill, and only the introduction says it from their side.
 */
export function SupportPage() {
  const { t } = useTranslation();
  const { session } = useSession();
  const { mill } = useSelectedMill(session);
  const introKey = session?.user.role.type === 'mill' ? 'support.introMill' : 'support.intro';
  return (
    <QueryTabsPage
      title={t('nav.support')}
      defaultTab="contact"
      tabs={[
        {
          value: 'contact',
          label: t('support.contact'),
          panel: mill ? (
            <ContactForm key={mill.id} millId={mill.id} intro={t(introKey, { mill: mill.company.name })} />
          ) : (
            <Alert color="yellow">{t('support.noMill')}</Alert>
          ),
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

import { Blockquote, Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DesktopAppDownload } from '../../../components/desktop-app-download.tsx';
import { openAuthDialog } from '../../../lib/auth-dialog-store.ts';
import { TextPage } from '../components/text-page.tsx';

export function ContactPage() {
  const { t } = useTranslation();
  return (
    <TextPage title={t('contact.title')} paragraphs={[t('contact.p1'), t('contact.p2')]}>
      <Button w="fit-content" onClick={() => openAuthDialog('signIn')}>
        {t('auth.signIn.submit')}
      </Button>
    </TextPage>
  );
}

export function AboutUsPage() {
  const { t } = useTranslation();
  return (
    <TextPage title={t('about.title')} paragraphs={[t('about.p1')]}>
      <Blockquote cite={t('about.ceoSignature')} mt="md">
        <Text fw={600} mb="xs">
          {t('about.ceoTitle')}
        </Text>
        <Text>{t('about.ceoMessage')}</Text>
      </Blockquote>
    </TextPage>
  );
}

export function DesktopAppPage() {
  const { t } = useTranslation();
  return (
    <TextPage title={t('desktopApp.title')} paragraphs={[t('desktopApp.p1')]}>
      <DesktopAppDownload />
    </TextPage>
  );
}

export function PrivacyPolicyPage() {
  const { t } = useTranslation();
  return <TextPage title={t('privacy.title')} paragraphs={[t('privacy.p1'), t('privacy.p2'), t('privacy.p3'), t('privacy.p4')]} />;
}

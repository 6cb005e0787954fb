import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ComingSoon } from '../../../components/coming-soon.tsx';
import { Page } from '../../../components/page.tsx';
import { useSelectedMill, useSession } from '../../../lib/session.ts';

export function MillWelcomePage() {
  const { t } = useTranslation();
  const { session } = useSession();
  const { mill } = useSelectedMill(session);
  return (
    <Page title={t('millWelcome.title')}>
      <Text>{t('millWelcome.intro', { mill: mill?.company.name ?? '' })}</Text>
      <Text>{t('millWelcome.noOrders')}</Text>
      {mill?.millRole === 'admin' && (
        <Button component={Link} to="/mill/settings?tab=company-details" w="fit-content">
          {t('millWelcome.companyDetails')}
        </Button>
      )}
    </Page>
  );
}

function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Page title={t(titleKey)}>
      <ComingSoon what={t(titleKey)} />
    </Page>
  );
}

export const MillOrdersPage = () => <PlaceholderPage titleKey="nav.orders" />;
export const MillClientsPage = () => <PlaceholderPage titleKey="nav.clients" />;
export const MillMessagesPage = () => <PlaceholderPage titleKey="nav.messages" />;
export const MillContractPage = () => <PlaceholderPage titleKey="nav.contract" />;

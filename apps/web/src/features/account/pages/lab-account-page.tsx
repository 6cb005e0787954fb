import { Divider, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/loading.tsx';
import { QueryTabsPage } from '../../../components/query-tabs.tsx';
import { useSession } from '../../../lib/session.ts';
import { ProfileTab, SettingsTab } from '../components/account-tabs.tsx';
import { CompanyInfoSection } from '../components/company-info-section.tsx';
import { ShippingAddressSection } from '../components/shipping-address-section.tsx';

export function LabAccountPage() {
  const { t } = useTranslation();
  const { session } = useSession();
  if (!session) return <Loading />;
  return (
    <QueryTabsPage
      defaultTab="company-info"
      tabs={[
        {
          value: 'company-info',
          label: t('company.title'),
          panel: (
            <Stack gap="xl">
              <CompanyInfoSection />
              <Divider />
              <ShippingAddressSection />
            </Stack>
          ),
        },
        { value: 'profile', label: t('profile.title'), panel: <ProfileTab user={session.user} /> },
        { value: 'settings', label: t('settings.pageTitle'), panel: <SettingsTab user={session.user} /> },
      ]}
    />
  );
}

import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Loading } from '../components/loading.tsx';
import { QueryTabsPage } from '../components/query-tabs.tsx';
import { CompanyInfoSection } from '../features/account/components/company-info-section.tsx';
import { BillingTab, InvoicesTab } from '../features/contract/components/invoice-tables.tsx';
import { LandingPageTab } from '../features/landing-page/components/landing-page-tab.tsx';
import { LicenceKeysTab } from '../features/licence-keys/components/licence-keys-tab.tsx';
import { MillUsersTab } from '../features/mill-users/components/mill-users-tab.tsx';
import { MillTwoFactorRequirement } from '../features/mill-users/components/two-factor-requirement.tsx';
import { millMay, useSelectedMill, useSession } from '../lib/session.ts';

/**
 * Mill settings gathers tabs that belong to different features (landing page, company, users,
 * licence keys, and the contract's billing and invoices), so the page is composed
 * here in the app layer, which may import features, rather than in one feature that would have
 * to import the others.
 */
export function MillSettingsPage() {
  const { t } = useTranslation();
  const { session } = useSession();
  const { mill } = useSelectedMill(session);
  if (!session || !mill) return <Loading />;
  return (
    <QueryTabsPage
      title={t('nav.settings')}
      defaultTab="landing-page"
      tabs={[
        { value: 'landing-page', label: t('millSettings.landingPage'), panel: <LandingPageTab key={mill.id} millId={mill.id} /> },
        { value: 'company-details', label: t('millSettings.companyDetails'), panel: <CompanyInfoSection /> },
        {
          value: 'users',
          label: t('millSettings.users'),
          panel: (
            <Stack key={mill.id} gap="lg">
              {millMay(mill, 'mill.requireTwoFactor') && <MillTwoFactorRequirement millId={mill.id} />}
              <MillUsersTab
                millId={mill.id}
                currentUserId={session.user.id}
                mayResetSecondFactor={millMay(mill, 'millUsers.resetSecondFactor')}
              />
            </Stack>
          ),
        },
        { value: 'license-keys', label: t('millSettings.licenseKeys'), panel: <LicenceKeysTab key={mill.id} millId={mill.id} /> },
        { value: 'billing', label: t('millSettings.billing'), panel: <BillingTab key={mill.id} millId={mill.id} /> },
        { value: 'invoices', label: t('millSettings.invoices'), panel: <InvoicesTab key={mill.id} millId={mill.id} /> },
      ]}
    />
  );
}

import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../components/coming-soon.tsx';
import { QueryTabsPage } from '../components/query-tabs.tsx';
import { CompanyInfoSection } from '../features/account/components/company-info-section.tsx';

/**
 * Mill settings gathers tabs that belong to different features (landing page, users, licence
 * keys, billing come in later issues), so the page is composed here in the app layer, which may
 * import features, rather than in one feature that would have to import the others.
 */
export function MillSettingsPage() {
  const { t } = useTranslation();
  const soon = (key: string) => <ComingSoon what={t(key)} />;
  return (
    <QueryTabsPage
      defaultTab="landing-page"
      tabs={[
        { value: 'landing-page', label: t('millSettings.landingPage'), panel: soon('millSettings.landingPage') },
        { value: 'company-details', label: t('company.title'), panel: <CompanyInfoSection /> },
        { value: 'users', label: t('millSettings.users'), panel: soon('millSettings.users') },
        { value: 'license-keys', label: t('millSettings.licenseKeys'), panel: soon('millSettings.licenseKeys') },
        { value: 'billing', label: t('millSettings.billing'), panel: soon('millSettings.billing') },
        { value: 'invoices', label: t('millSettings.invoices'), panel: soon('millSettings.invoices') },
      ]}
    />
  );
}

import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/loading.tsx';
import { QueryTabsPage } from '../../../components/query-tabs.tsx';
import { useSession } from '../../../lib/session.ts';
import { ProfileTab, SettingsTab } from '../components/account-tabs.tsx';

export function MillAccountPage() {
  const { t } = useTranslation();
  const { session } = useSession();
  if (!session) return <Loading />;
  return (
    <QueryTabsPage
      defaultTab="profile"
      tabs={[
        { value: 'profile', label: t('profile.title'), panel: <ProfileTab user={session.user} /> },
        { value: 'settings', label: t('settings.pageTitle'), panel: <SettingsTab user={session.user} /> },
      ]}
    />
  );
}

import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/coming-soon.tsx';
import { Page } from '../../../components/page.tsx';

export function ManagerPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('manager.title')}>
      <ComingSoon what={t('manager.title')} />
    </Page>
  );
}

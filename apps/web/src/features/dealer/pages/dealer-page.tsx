import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/coming-soon.tsx';
import { Page } from '../../../components/page.tsx';

export function DealerPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('dealer.title')}>
      <ComingSoon what={t('dealer.title')} />
    </Page>
  );
}

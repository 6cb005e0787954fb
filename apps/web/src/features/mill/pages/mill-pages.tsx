import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/coming-soon.tsx';
import { Page } from '../../../components/page.tsx';

function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Page title={t(titleKey)}>
      <ComingSoon what={t(titleKey)} />
    </Page>
  );
}

export const MillContractPage = () => <PlaceholderPage titleKey="nav.contract" />;

import { useTranslation } from 'react-i18next';
import { PolicyDocument } from '../components/policy-document.tsx';

export function TermsOfServicePage() {
  const { t } = useTranslation();
  return <PolicyDocument kind="termsOfService" title={t('policy.termsTitle')} />;
}

export function DataProcessingAgreementPage() {
  const { t } = useTranslation();
  return <PolicyDocument kind="dataProcessing" title={t('policy.dataProcessingTitle')} />;
}

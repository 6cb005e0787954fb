import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/loading.tsx';
import { describeError } from '../../../lib/error-message.ts';
import { useSession } from '../../../lib/session.ts';
import { useCompanyInfo } from '../api/account-api.ts';
import { CompanyInfoForm } from './company-info-form.tsx';

/** Loads the user's company and shows its form; used by the lab account and mill settings pages. */
export function CompanyInfoSection() {
  const { t } = useTranslation();
  const { session } = useSession();
  const company = useCompanyInfo();
  if (company.isPending) return <Loading />;
  if (company.isError) return <Alert color="red">{describeError(t, company.error)}</Alert>;
  return <CompanyInfoForm company={company.data} incomplete={session?.user.companyInfoIsUpdated === false} />;
}

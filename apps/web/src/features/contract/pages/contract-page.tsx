import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/loading.tsx';
import { QueryTabsPage } from '../../../components/query-tabs.tsx';
import { useSelectedMill, useSession } from '../../../lib/session.ts';
import { ContractTypesTab } from '../components/contract-types-tab.tsx';
import { BillingTab, InvoicesTab } from '../components/invoice-tables.tsx';
import { UsageTab } from '../components/usage-tab.tsx';

/** Spec §2 /mill/contract: the plans, the usage against them, the billing history and the invoices. */
export function ContractPage() {
  const { t } = useTranslation();
  const { session } = useSession();
  const { mill } = useSelectedMill(session);
  if (!mill) return <Loading />;
  return (
    <QueryTabsPage
      title={t('nav.contract')}
      defaultTab="contract-types"
      tabs={[
        { value: 'contract-types', label: t('contract.tabs.contractTypes'), panel: <ContractTypesTab key={mill.id} millId={mill.id} /> },
        { value: 'usage-details', label: t('contract.tabs.usageDetails'), panel: <UsageTab key={mill.id} millId={mill.id} /> },
        { value: 'billing', label: t('contract.tabs.billing'), panel: <BillingTab key={mill.id} millId={mill.id} /> },
        { value: 'invoices', label: t('contract.tabs.invoices'), panel: <InvoicesTab key={mill.id} millId={mill.id} /> },
      ]}
    />
  );
}

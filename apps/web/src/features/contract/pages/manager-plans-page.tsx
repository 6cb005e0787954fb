import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
import { useContractTypes } from '../api/contract-api.ts';
import { CustomContractForm } from '../components/custom-contract-form.tsx';
import { PlanPriceCard } from '../components/plan-price-card.tsx';

/** The manager's price list: the plans' prices and limits, and custom plans for single mills. */
export function ManagerPlansPage() {
  const { t } = useTranslation();
  const plans = useContractTypes();
  return (
    <Page title={t('plansAdmin.title')}>
      <Text size="sm" c="dimmed">
        {t('plansAdmin.intro')}
      </Text>
      {!plans.data ? (
        <Loading />
      ) : (
        plans.data.data.map((plan) => (
          // Keyed by its values, so a saved change starts a fresh draft from what the server kept.
          <PlanPriceCard
            key={`${plan.id}-${plan.priceCents}-${plan.maxOrdersCount}-${plan.allowedClients}-${plan.storageMb}-${plan.filesKeepDays}-${plan.support}`}
            plan={plan}
          />
        ))
      )}
      <CustomContractForm />
    </Page>
  );
}

import { Alert, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ContractType, Subscription } from '@casebridge/shared/schemas/billing';
import { Loading } from '../../../components/loading.tsx';
import { useContractTypes, useSubscription } from '../api/contract-api.ts';
import { ContractActions } from './contract-actions.tsx';
import { ChangePlanButton, SubscribeButton } from './plan-actions.tsx';
import { PlanCard } from './plan-card.tsx';
import { hasPaidPlan } from './subscription-state.ts';

/** The plans this mill may see: the custom plan only once the manager offered it, with its own terms. */
function offeredPlans(plans: ContractType[], subscription: Subscription): ContractType[] {
  const custom = subscription.customContract;
  return plans.flatMap((plan) => {
    if (plan.id !== 'custom') return [plan];
    return custom
      ? [{ ...plan, priceCents: custom.priceCents, maxOrdersCount: custom.maxOrdersCount, allowedClients: custom.allowedClients }]
      : [];
  });
}

function PlanAction({ millId, plan, subscription }: { millId: number; plan: ContractType; subscription: Subscription }) {
  // Basic is not bought: a paid mill returns to it by unsubscribing.
  if (plan.id === 'basic' || plan.id === subscription.contractType.id) return null;
  if (hasPaidPlan(subscription))
    return <ChangePlanButton millId={millId} plan={plan} currentPriceCents={subscription.contractType.priceCents} />;
  return <SubscribeButton millId={millId} plan={plan} />;
}

/** Spec §2 contract page, tab contract-types: the contract's actions and one card per plan. */
export function ContractTypesTab({ millId }: { millId: number }) {
  const { t } = useTranslation();
  const catalogue = useContractTypes();
  const subscription = useSubscription(millId);
  if (catalogue.isError || subscription.isError) return <Alert color="red">{t('contract.loadFailed')}</Alert>;
  if (!catalogue.data || !subscription.data) return <Loading />;
  const current = subscription.data;
  const plans = offeredPlans(catalogue.data.data, current);
  return (
    <Stack gap="md">
      <ContractActions millId={millId} subscription={current} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: plans.length }}>
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            // A custom plan's price is the manager's own offer, never promoted.
            promotion={plan.id === 'custom' ? undefined : catalogue.data.promotions.find((promotion) => promotion.planId === plan.id)}
            isCurrent={plan.id === current.contractType.id}
            chargedPriceCents={plan.id === current.contractType.id && hasPaidPlan(current) ? current.chargedPriceCents : undefined}
            action={<PlanAction millId={millId} plan={plan} subscription={current} />}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

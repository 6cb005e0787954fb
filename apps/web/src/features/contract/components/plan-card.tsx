import { Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { promotedPriceCents, type ContractType, type Promotion } from '@casebridge/shared/schemas/billing';
import { intlTag, useFormatEuro } from './format-money.ts';

export interface PlanCardProps {
  plan: ContractType;
  promotion: Promotion | undefined;
  isCurrent: boolean;
  /** On the mill's own paid plan: the net monthly price its subscription charges. */
  chargedPriceCents?: number;
  /** The card's button (subscribe, change), chosen by the contract the mill has now. */
  action: ReactNode;
}

/** Storage is counted in megabytes (spec §3); whole gigabytes read better on a card. */
function useFormatStorage(): (megabytes: number) => string {
  const { t, i18n } = useTranslation();
  return (megabytes) => {
    const number = new Intl.NumberFormat(intlTag(i18n.language));
    return megabytes >= 1000 && megabytes % 1000 === 0
      ? t('contract.gigabytes', { value: number.format(megabytes / 1000) })
      : t('contract.megabytes', { value: number.format(megabytes) });
  };
}

function useDiscountText(): (promotion: Promotion) => string {
  const { t } = useTranslation();
  const euro = useFormatEuro();
  return (promotion) =>
    promotion.isPercentage
      ? t('contract.percentOff', { value: 100 - promotion.value })
      : t('contract.amountOff', { amount: euro(promotion.value) });
}

/**
 * Spec §9: a percentage promotion charges `value` percent of the price, any other takes `value`
 * cents off. It is for new subscriptions: the mill's own plan shows what its subscription charges.
 */
function PlanPrice({ plan, promotion, chargedPriceCents }: Pick<PlanCardProps, 'plan' | 'promotion' | 'chargedPriceCents'>) {
  const { t } = useTranslation();
  const euro = useFormatEuro();
  const discount = useDiscountText();
  const promoted = promotion ? promotedPriceCents(plan.priceCents, promotion) : null;
  if (chargedPriceCents !== undefined && chargedPriceCents !== promoted) {
    return (
      <Stack gap={2}>
        <Text fz="xl" fw={700}>
          {t('contract.perMonth', { price: euro(chargedPriceCents) })}
        </Text>
        {promotion && promoted !== null && (
          <Text size="sm" c="dimmed">
            {t('contract.newSubscriptionsPrice', { price: euro(promoted), discount: discount(promotion) })}
          </Text>
        )}
      </Stack>
    );
  }
  if (!promotion || promoted === null)
    return (
      <Text fz="xl" fw={700}>
        {t('contract.perMonth', { price: euro(plan.priceCents) })}
      </Text>
    );
  return (
    <Stack gap={2}>
      <Group gap="xs" align="baseline">
        <Text fz="xl" fw={700}>
          {t('contract.perMonth', { price: euro(promoted) })}
        </Text>
        <Text td="line-through" c="dimmed" aria-label={t('contract.regularPrice', { price: euro(plan.priceCents) })}>
          {euro(plan.priceCents)}
        </Text>
      </Group>
      <Badge color="orange" variant="light" w="fit-content">
        {/* The mill's own plan bought at the promoted price keeps it; elsewhere it is an offer. */}
        {t(chargedPriceCents === undefined ? 'contract.promotionForNew' : 'contract.promotion', { discount: discount(promotion) })}
      </Badge>
    </Stack>
  );
}

/** One plan of spec §2's contract page: price, limits, support and how long files are kept. */
export function PlanCard({ plan, promotion, isCurrent, chargedPriceCents, action }: PlanCardProps) {
  const { t } = useTranslation();
  const storage = useFormatStorage();
  const name = t(`contract.planNames.${plan.id}`);
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-label={name}
      style={isCurrent ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="h3">
            {name}
          </Title>
          {isCurrent && <Badge>{t('contract.currentPlan')}</Badge>}
        </Group>
        <PlanPrice plan={plan} promotion={promotion} chargedPriceCents={chargedPriceCents} />
        <List size="sm" spacing={4}>
          <List.Item>{t('contract.ordersPerPeriod', { value: plan.maxOrdersCount })}</List.Item>
          <List.Item>{t('contract.clients', { value: plan.allowedClients })}</List.Item>
          <List.Item>{t('contract.storage', { storage: storage(plan.storageMb) })}</List.Item>
          <List.Item>{t(plan.support ? 'contract.support' : 'contract.noSupport')}</List.Item>
          <List.Item>{t('contract.filesKept', { value: plan.filesKeepDays })}</List.Item>
        </List>
        <Group mt="auto">{action}</Group>
      </Stack>
    </Card>
  );
}

import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ContractType } from '@casebridge/shared/schemas/billing';
import { LIMITS, usePlanDraft, type LimitField } from './plan-draft.ts';

/** One plan of the manager's price list: its price and limits, editable, saved for every mill on it. */
export function PlanPriceCard({ plan }: { plan: ContractType }) {
  const { t } = useTranslation();
  const { draft, set, reset, priceValid, invalid, valid, save, saving } = usePlanDraft(plan);
  const numberField = (field: LimitField) => (
    <NumberInput
      label={t(`plansAdmin.${field}`)}
      value={draft[field]}
      onChange={set(field)}
      min={LIMITS[field][0]}
      max={LIMITS[field][1]}
      allowDecimal={false}
      thousandSeparator=" "
      error={invalid(field) ? t('plansAdmin.wholeNumber', { min: LIMITS[field][0], max: LIMITS[field][1] }) : undefined}
    />
  );
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`plan-${plan.id}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id={`plan-${plan.id}`}>
            {plan.name}
          </Title>
          <Text size="sm" c="dimmed">
            {plan.lookupKey}
          </Text>
        </Group>
        {plan.id === 'custom' && (
          <Text size="sm" c="dimmed">
            {t('plansAdmin.customHint')}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
          <NumberInput
            label={t('plansAdmin.price')}
            value={draft.priceCents}
            onChange={set('priceCents')}
            min={0}
            decimalScale={2}
            fixedDecimalScale
            suffix=" €"
            error={priceValid ? undefined : t('plansAdmin.priceInvalid')}
          />
          {numberField('maxOrdersCount')}
          {numberField('allowedClients')}
          {numberField('storageMb')}
          {numberField('filesKeepDays')}
          <Switch
            label={t('plansAdmin.support')}
            checked={draft.support}
            onChange={(event) => set('support')(event.currentTarget.checked)}
            mt="lg"
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" disabled={saving} onClick={reset}>
            {t('plansAdmin.reset')}
          </Button>
          <Button onClick={save} disabled={!valid} loading={saving}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

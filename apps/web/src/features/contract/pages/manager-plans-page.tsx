import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContractType } from '@casebridge/shared/schemas/billing';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useContractTypes, useSetCustomContract, useSubscription, useUpdatePlan, type PlanValues } from '../api/contract-api.ts';
import { useFormatEuro } from '../components/format-money.ts';

type Field = keyof Omit<PlanValues, 'support'>;
type Draft = Record<Field, number | string> & { support: boolean };

/** Euros typed with cents become integer cents (spec §9: amounts are cents). */
const toCents = (euros: number | string) => Math.round(Number(euros) * 100);
const wholeNumber = (value: number | string, min: number, max: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

const LIMITS: Record<Exclude<Field, 'priceCents'>, [number, number]> = {
  maxOrdersCount: [0, 10_000_000],
  allowedClients: [0, 10_000_000],
  storageMb: [0, 10_000_000],
  filesKeepDays: [1, 36_500],
};

function PlanCard({ plan }: { plan: ContractType }) {
  const { t } = useTranslation();
  const euro = useFormatEuro();
  const update = useUpdatePlan();
  const initial: Draft = { ...plan, priceCents: plan.priceCents / 100 };
  const [draft, setDraft] = useState<Draft>(initial);
  const set = (field: keyof Draft) => (value: number | string | boolean) => setDraft((current) => ({ ...current, [field]: value }));
  const priceValid = typeof draft.priceCents === 'number' && draft.priceCents >= 0 && draft.priceCents <= 1_000_000;
  const invalid = (field: Exclude<Field, 'priceCents'>) => !wholeNumber(draft[field], ...LIMITS[field]);
  const valid = priceValid && (Object.keys(LIMITS) as (keyof typeof LIMITS)[]).every((field) => !invalid(field));
  const values = (): PlanValues => ({
    priceCents: toCents(draft.priceCents),
    maxOrdersCount: Number(draft.maxOrdersCount),
    allowedClients: Number(draft.allowedClients),
    storageMb: Number(draft.storageMb),
    support: draft.support,
    filesKeepDays: Number(draft.filesKeepDays),
  });
  const save = () =>
    openConfirmDialog({
      title: t('plansAdmin.confirmTitle', { plan: plan.name }),
      message: t('plansAdmin.confirmMessage', { plan: plan.name, price: euro(toCents(draft.priceCents)) }),
      confirmLabel: t('common.save'),
      cancelLabel: t('common.cancel'),
      onConfirm: () =>
        update.mutate(
          { id: plan.id, values: values() },
          {
            onSuccess: () => notifySuccess(t('plansAdmin.saved', { plan: plan.name })),
            onError: (error) => notifyError(t, error, t('common.errorOccurred')),
          },
        ),
    });
  const numberField = (field: Exclude<Field, 'priceCents'>) => (
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
          <Button variant="default" disabled={update.isPending} onClick={() => setDraft(initial)}>
            {t('plansAdmin.reset')}
          </Button>
          <Button onClick={save} disabled={!valid} loading={update.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The manager offers one mill a custom plan (spec §3 customContract), found by the mill's id. */
function CustomContractForm() {
  const { t } = useTranslation();
  const [millInput, setMillInput] = useState<number | string>('');
  const [millId, setMillId] = useState<number | null>(null);
  const subscription = useSubscription(millId);
  const setCustom = useSetCustomContract();
  const [draft, setDraft] = useState<{ price: number | string; orders: number | string; clients: number | string }>({
    price: '',
    orders: '',
    clients: '',
  });
  const current = millId && subscription.data ? subscription.data.customContract : null;
  const valid =
    typeof draft.price === 'number' &&
    draft.price >= 0 &&
    wholeNumber(draft.orders, 0, 10_000_000) &&
    wholeNumber(draft.clients, 0, 10_000_000);

  const findMill = () => {
    if (!wholeNumber(millInput, 1, 2_147_483_647)) return;
    setMillId(Number(millInput));
    setDraft({ price: '', orders: '', clients: '' });
  };
  const done = (message: string) => ({
    onSuccess: () => notifySuccess(message),
    onError: (error: unknown) => notifyError(t, error, t('common.errorOccurred')),
  });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="custom-contract">
      <Stack gap="sm">
        <Title order={2} size="h4" id="custom-contract">
          {t('plansAdmin.customTitle')}
        </Title>
        <Group align="flex-end">
          <NumberInput label={t('plansAdmin.millId')} value={millInput} onChange={setMillInput} min={1} allowDecimal={false} w={160} />
          <Button variant="default" onClick={findMill} disabled={!wholeNumber(millInput, 1, 2_147_483_647)}>
            {t('plansAdmin.findMill')}
          </Button>
        </Group>
        {millId && subscription.isError && (
          <Text c="red" size="sm">
            {t('plansAdmin.millNotFound', { id: millId })}
          </Text>
        )}
        {millId && subscription.data && (
          <Stack gap="sm">
            <Text size="sm">
              {current
                ? t('plansAdmin.currentOffer', {
                    id: millId,
                    price: (current.priceCents / 100).toFixed(2),
                    orders: current.maxOrdersCount,
                    clients: current.allowedClients,
                  })
                : t('plansAdmin.noOffer', { id: millId })}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 3 }}>
              <NumberInput
                label={t('plansAdmin.price')}
                value={draft.price}
                onChange={(price) => setDraft((d) => ({ ...d, price }))}
                min={0}
                decimalScale={2}
                suffix=" €"
              />
              <NumberInput
                label={t('plansAdmin.maxOrdersCount')}
                value={draft.orders}
                onChange={(orders) => setDraft((d) => ({ ...d, orders }))}
                min={0}
                allowDecimal={false}
              />
              <NumberInput
                label={t('plansAdmin.allowedClients')}
                value={draft.clients}
                onChange={(clients) => setDraft((d) => ({ ...d, clients }))}
                min={0}
                allowDecimal={false}
              />
            </SimpleGrid>
            <Group justify="flex-end">
              {current && (
                <Button
                  variant="default"
                  color="red"
                  onClick={() =>
                    openConfirmDialog({
                      title: t('plansAdmin.withdrawTitle'),
                      message: t('plansAdmin.withdrawMessage', { id: millId }),
                      confirmLabel: t('plansAdmin.withdraw'),
                      cancelLabel: t('common.cancel'),
                      danger: true,
                      onConfirm: () => setCustom.mutate({ millId, customContract: null }, done(t('plansAdmin.withdrawn'))),
                    })
                  }
                >
                  {t('plansAdmin.withdraw')}
                </Button>
              )}
              <Button
                disabled={!valid}
                loading={setCustom.isPending}
                onClick={() =>
                  setCustom.mutate(
                    {
                      millId,
                      customContract: {
                        priceCents: toCents(draft.price),
                        maxOrdersCount: Number(draft.orders),
                        allowedClients: Number(draft.clients),
                      },
                    },
                    done(t('plansAdmin.offered', { id: millId })),
                  )
                }
              >
                {t('plansAdmin.offer')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

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
          <PlanCard
            key={`${plan.id}-${plan.priceCents}-${plan.maxOrdersCount}-${plan.allowedClients}-${plan.storageMb}-${plan.filesKeepDays}-${plan.support}`}
            plan={plan}
          />
        ))
      )}
      <CustomContractForm />
    </Page>
  );
}

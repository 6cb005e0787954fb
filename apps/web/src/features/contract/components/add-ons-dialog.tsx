import { Alert, Radio, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AddOn, Subscription } from '@casebridge/shared/schemas/billing';
import { Loading } from '../../../components/loading.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAddOnCatalogue, useMillAddOns, useSetAddOn } from '../api/contract-api.ts';
import { AgreementConfirmDialog } from './agreement-confirm-dialog.tsx';
import { useFormatEuro } from './format-money.ts';
import { hasPaidPlan } from './subscription-state.ts';

/** The radio value of "no add-on": the plan's own retention. */
const PLAN_DEFAULT = 'plan-default';

interface ChoiceProps {
  addOns: AddOn[];
  planDays: number;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
}

function RetentionChoice({ addOns, planDays, value, onChange, disabled }: ChoiceProps) {
  const { t } = useTranslation();
  const euro = useFormatEuro();
  return (
    <Radio.Group label={t('contract.addOnsLabel')} value={value} onChange={onChange}>
      <Stack gap="xs" mt="xs">
        <Radio value={PLAN_DEFAULT} disabled={disabled} label={t('contract.addOnPlanDefault', { value: planDays })} />
        {addOns.map((addOn) => (
          <Radio
            key={addOn.key}
            value={addOn.key}
            disabled={disabled}
            label={t('contract.addOnOption', { value: addOn.value, price: euro(addOn.priceCents) })}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/**
 * Spec §2 add-ons: how long files are kept, each option with its monthly price. Without one the
 * plan's own period applies; an add-on rides on the paid subscription, so basic can only look.
 */
export function AddOnsDialog({ millId, subscription, onClose }: { millId: number; subscription: Subscription; onClose: () => void }) {
  const { t } = useTranslation();
  const catalogue = useAddOnCatalogue();
  const current = useMillAddOns(millId);
  const save = useSetAddOn(millId);
  const [choice, setChoice] = useState<string | null>(null);
  const isPaid = hasPaidPlan(subscription);
  const selected = choice ?? current.data?.filesKeepDurationKey ?? PLAN_DEFAULT;
  const unchanged = selected === (current.data?.filesKeepDurationKey ?? PLAN_DEFAULT);
  const loaded = catalogue.isSuccess && current.isSuccess;

  const confirm = () =>
    save.mutate(selected === PLAN_DEFAULT ? null : selected, {
      onSuccess: () => {
        notifySuccess(t('contract.addOnSaved'));
        onClose();
      },
    });

  return (
    <AgreementConfirmDialog
      title={t('contract.addOns')}
      message={t('contract.addOnsMessage')}
      confirmLabel={t('contract.addOnConfirm')}
      pending={save.isPending}
      error={save.error}
      onConfirm={confirm}
      onClose={onClose}
      confirmDisabled={!isPaid || !loaded || unchanged}
    >
      {!loaded && !catalogue.isError && !current.isError && <Loading />}
      {(catalogue.isError || current.isError) && <Alert color="red">{t('contract.loadFailed')}</Alert>}
      {loaded && (
        <RetentionChoice
          addOns={catalogue.data.data}
          planDays={subscription.contractType.filesKeepDays}
          value={selected}
          onChange={setChoice}
          disabled={!isPaid}
        />
      )}
      {!isPaid && <Alert color="blue">{t('contract.addOnsNeedPaidPlan')}</Alert>}
    </AgreementConfirmDialog>
  );
}

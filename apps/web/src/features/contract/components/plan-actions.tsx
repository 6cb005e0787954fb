import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContractType } from '@casebridge/shared/schemas/billing';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notifyServerMessage, notifySuccess } from '../../../lib/notify.ts';
import { useChangePlan, useCheckout } from '../api/contract-api.ts';
import { AgreementConfirmDialog } from './agreement-confirm-dialog.tsx';

interface PlanActionProps {
  millId: number;
  plan: ContractType;
}

/** A basic mill buys a plan at the payment provider's checkout page (spec §4). */
export function SubscribeButton({ millId, plan }: PlanActionProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const checkout = useCheckout(millId);
  const name = t(`contract.planNames.${plan.id}`);
  const close = () => {
    setOpen(false);
    checkout.reset();
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('contract.subscribe')}</Button>
      {open && (
        <AgreementConfirmDialog
          title={t('contract.subscribeTitle', { plan: name })}
          message={t('contract.subscribeMessage', { plan: name })}
          confirmLabel={t('contract.toPayment')}
          // The page is being left for the checkout: keep the dialog busy until it is gone.
          pending={checkout.isPending || checkout.isSuccess}
          error={checkout.error}
          onConfirm={() => checkout.mutate(plan.lookupKey, { onSuccess: ({ url }) => window.location.assign(url) })}
          onClose={close}
        />
      )}
    </>
  );
}

/** A paid mill moves to another plan at once; the provider invoices the rest of the period prorated. */
export function ChangePlanButton({ millId, plan, currentPriceCents }: PlanActionProps & { currentPriceCents: number }) {
  const { t } = useTranslation();
  const change = useChangePlan(millId);
  const name = t(`contract.planNames.${plan.id}`);
  const label = t(plan.priceCents > currentPriceCents ? 'contract.upgrade' : 'contract.change');
  const confirm = () =>
    openConfirmDialog({
      title: t('contract.changeTitle', { plan: name }),
      message: t('contract.changeMessage', { plan: name }),
      confirmLabel: label,
      cancelLabel: t('common.cancel'),
      onConfirm: () =>
        change.mutate(plan.lookupKey, {
          onSuccess: () => notifySuccess(t('contract.changed', { plan: name })),
          onError: (error) => notifyServerMessage(t, error, t('contract.failed')),
        }),
    });
  return (
    <Button onClick={confirm} loading={change.isPending}>
      {label}
    </Button>
  );
}

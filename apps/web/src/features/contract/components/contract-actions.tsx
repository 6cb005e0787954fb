import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Subscription } from '@casebridge/shared/schemas/billing';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatDate } from '../../../lib/format.ts';
import { notifyServerMessage, notifySuccess } from '../../../lib/notify.ts';
import { useCardPortal, useResubscribe, useUnsubscribe } from '../api/contract-api.ts';
import { AddOnsDialog } from './add-ons-dialog.tsx';
import { AgreementConfirmDialog } from './agreement-confirm-dialog.tsx';
import { hasPaidPlan } from './subscription-state.ts';
import { UpcomingInvoiceDialog } from './upcoming-invoice-dialog.tsx';

interface MillProps {
  millId: number;
}

/** Unsubscribing keeps the plan to the period's end ("Subscription ends at …", spec §4). */
function UnsubscribeButton({ millId }: MillProps) {
  const { t } = useTranslation();
  const unsubscribe = useUnsubscribe(millId);
  const confirm = () =>
    openConfirmDialog({
      title: t('contract.unsubscribeTitle'),
      message: t('contract.unsubscribeMessage'),
      confirmLabel: t('contract.unsubscribe'),
      cancelLabel: t('common.cancel'),
      danger: true,
      onConfirm: () =>
        unsubscribe.mutate(undefined, {
          onSuccess: () => notifySuccess(t('contract.unsubscribed')),
          onError: (error) => notifyServerMessage(t, error, t('contract.failed')),
        }),
    });
  return (
    <Button color="red" variant="light" onClick={confirm} loading={unsubscribe.isPending}>
      {t('contract.unsubscribe')}
    </Button>
  );
}

function ResubscribeButton({ millId }: MillProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const resubscribe = useResubscribe(millId);
  const close = () => {
    setOpen(false);
    resubscribe.reset();
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('contract.resubscribe')}</Button>
      {open && (
        <AgreementConfirmDialog
          title={t('contract.resubscribeTitle')}
          message={t('contract.resubscribeMessage')}
          confirmLabel={t('contract.resubscribe')}
          pending={resubscribe.isPending}
          error={resubscribe.error}
          onConfirm={() =>
            resubscribe.mutate(undefined, {
              onSuccess: () => {
                close();
                notifySuccess(t('contract.resubscribed'));
              },
            })
          }
          onClose={close}
        />
      )}
    </>
  );
}

/** The card is changed on the payment provider's own page, which returns to the contract page. */
function ManageCardButton({ millId, disabled }: MillProps & { disabled: boolean }) {
  const { t } = useTranslation();
  const portal = useCardPortal(millId);
  const confirm = () =>
    openConfirmDialog({
      title: t('contract.manageCard'),
      message: t('contract.manageCardMessage'),
      confirmLabel: t('contract.continue'),
      cancelLabel: t('common.cancel'),
      onConfirm: () =>
        portal.mutate(undefined, {
          onSuccess: ({ url }) => window.location.assign(url),
          // Spec §8: a card update error shows the raised message.
          onError: (error) => notifyServerMessage(t, error, t('contract.failed')),
        }),
    });
  return (
    <Button variant="default" onClick={confirm} disabled={disabled} loading={portal.isPending || portal.isSuccess}>
      {t('contract.manageCard')}
    </Button>
  );
}

function SubscriptionStatus({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation();
  const plan = t(`contract.planNames.${subscription.contractType.id}`);
  return (
    <Stack gap={4}>
      <Text fw={600}>{t('contract.yourPlan', { plan })}</Text>
      {subscription.periodEnd && (
        <Text size="sm" c="dimmed">
          {t('contract.period', { from: formatDate(subscription.periodStart), to: formatDate(subscription.periodEnd) })}
        </Text>
      )}
      {subscription.subscriptionCancelDate && (
        <Text role="status" c="orange.8" fw={600}>
          {t('contract.endsAt', { date: formatDate(subscription.subscriptionCancelDate) })}
        </Text>
      )}
    </Stack>
  );
}

/** The contract's own actions above the plan cards (spec §2); card and upcoming invoice need a paid plan. */
export function ContractActions({ millId, subscription }: MillProps & { subscription: Subscription }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'upcoming' | 'add-ons' | null>(null);
  const isPaid = hasPaidPlan(subscription);
  const close = () => setDialog(null);
  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        <SubscriptionStatus subscription={subscription} />
        <Group gap="sm">
          {isPaid && (subscription.subscriptionCancelDate ? <ResubscribeButton millId={millId} /> : <UnsubscribeButton millId={millId} />)}
          <ManageCardButton millId={millId} disabled={!isPaid} />
          <Button variant="default" onClick={() => setDialog('upcoming')} disabled={!isPaid}>
            {t('contract.upcomingInvoice')}
          </Button>
          <Button variant="default" onClick={() => setDialog('add-ons')}>
            {t('contract.addOns')}
          </Button>
        </Group>
        {!isPaid && (
          <Text size="sm" c="dimmed">
            {t('contract.paidPlanOnly')}
          </Text>
        )}
      </Stack>
      {dialog === 'upcoming' && <UpcomingInvoiceDialog millId={millId} onClose={close} />}
      {dialog === 'add-ons' && <AddOnsDialog millId={millId} subscription={subscription} onClose={close} />}
    </Card>
  );
}

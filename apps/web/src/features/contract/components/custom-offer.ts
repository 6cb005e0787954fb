import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSetCustomContract, useSubscription } from '../api/contract-api.ts';
import { toCents, wholeNumber } from './plan-draft.ts';

export type OfferDraft = { price: number | string; orders: number | string; clients: number | string };
const EMPTY: OfferDraft = { price: '', orders: '', clients: '' };
const MAX_ID = 2_147_483_647;

/** The manager's custom plan for one mill: the mill looked up by id, its current offer, and offering or withdrawing one. */
export function useCustomOffer() {
  const { t } = useTranslation();
  const [millInput, setMillInput] = useState<number | string>('');
  const [millId, setMillId] = useState<number | null>(null);
  const subscription = useSubscription(millId);
  const setCustom = useSetCustomContract();
  const [draft, setDraft] = useState<OfferDraft>(EMPTY);
  const current = millId && subscription.data ? subscription.data.customContract : null;
  const valid =
    typeof draft.price === 'number' &&
    draft.price >= 0 &&
    wholeNumber(draft.orders, 0, 10_000_000) &&
    wholeNumber(draft.clients, 0, 10_000_000);
  const millInputValid = wholeNumber(millInput, 1, MAX_ID);

  const findMill = () => {
    if (!millInputValid) return;
    setMillId(Number(millInput));
    setDraft(EMPTY);
  };
  const done = (message: string) => ({
    onSuccess: () => notifySuccess(message),
    onError: (error: unknown) => notifyError(t, error, t('common.errorOccurred')),
  });
  const offer = (id: number) =>
    setCustom.mutate(
      {
        millId: id,
        customContract: { priceCents: toCents(draft.price), maxOrdersCount: Number(draft.orders), allowedClients: Number(draft.clients) },
      },
      done(t('plansAdmin.offered', { id })),
    );
  const withdraw = (id: number) =>
    openConfirmDialog({
      title: t('plansAdmin.withdrawTitle'),
      message: t('plansAdmin.withdrawMessage', { id }),
      confirmLabel: t('plansAdmin.withdraw'),
      cancelLabel: t('common.cancel'),
      danger: true,
      onConfirm: () => setCustom.mutate({ millId: id, customContract: null }, done(t('plansAdmin.withdrawn'))),
    });
  return {
    millInput,
    setMillInput,
    millInputValid,
    millId,
    subscription,
    current,
    draft,
    setDraft,
    valid,
    findMill,
    offer,
    withdraw,
    saving: setCustom.isPending,
  };
}

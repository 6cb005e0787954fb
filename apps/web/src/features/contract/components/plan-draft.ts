import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContractType } from '@casebridge/shared/schemas/billing';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useUpdatePlan, type PlanValues } from '../api/contract-api.ts';
import { useFormatEuro } from './format-money.ts';

export type LimitField = keyof Omit<PlanValues, 'support' | 'priceCents'>;
type Draft = Record<keyof Omit<PlanValues, 'support'>, number | string> & { support: boolean };

/** Euros typed with cents become integer cents (spec §9: amounts are cents). */
export const toCents = (euros: number | string) => Math.round(Number(euros) * 100);
export const wholeNumber = (value: number | string, min: number, max: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

export const LIMITS: Record<LimitField, [number, number]> = {
  maxOrdersCount: [0, 10_000_000],
  allowedClients: [0, 10_000_000],
  storageMb: [0, 10_000_000],
  filesKeepDays: [1, 36_500],
};

/** The manager's edit of one plan: the typed values, their checks, and the save after confirming. */
export function usePlanDraft(plan: ContractType) {
  const { t } = useTranslation();
  const euro = useFormatEuro();
  const update = useUpdatePlan();
  const initial: Draft = { ...plan, priceCents: plan.priceCents / 100 };
  const [draft, setDraft] = useState<Draft>(initial);
  const set = (field: keyof Draft) => (value: number | string | boolean) => setDraft((current) => ({ ...current, [field]: value }));
  const priceValid = typeof draft.priceCents === 'number' && draft.priceCents >= 0 && draft.priceCents <= 1_000_000;
  const invalid = (field: LimitField) => !wholeNumber(draft[field], ...LIMITS[field]);
  const valid = priceValid && (Object.keys(LIMITS) as LimitField[]).every((field) => !invalid(field));
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
  return { draft, set, reset: () => setDraft(initial), priceValid, invalid, valid, save, saving: update.isPending };
}

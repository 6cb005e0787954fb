import { Alert, Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Dealer } from '@casebridge/shared/schemas/dealers';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorCodeKey } from '../../../lib/error-message.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { isConfirmationRequest, useSaveDealer } from '../api/dealers-api.ts';
import {
  dealerFormRules,
  dealerToValues,
  validateDealer,
  valuesToBody,
  type DealerErrors,
  type DealerFormContext,
} from './dealer-form-rules.ts';
import { DealerLogoInput } from './dealer-files.tsx';
import { ConfigurationSection, ContactSections, PermissionsSection } from './dealer-form-sections.tsx';
import { useDealerFields } from './use-dealer-fields.tsx';
import { DealerInviteButton } from './dealer-invite.tsx';
import { ParentPicker } from './dealer-pickers.tsx';

/** Server field errors (codes) under the form's fields: a taken Reseller Id in spec §5's words. */
function serverErrors(error: unknown): DealerErrors {
  if (!(error instanceof ApiError) || !error.body.errors) return {};
  const result: DealerErrors = {};
  for (const [field, codes] of Object.entries(error.body.errors)) {
    const code = codes[0];
    if (!code) continue;
    result[field] = field === 'dealerId' && code === 'DEALER_ID_TAKEN' ? 'dealers.errors.dealerIdTaken' : errorCodeKey(code);
  }
  return result;
}

export interface DealerFormProps {
  dealer: Dealer | null;
  context: DealerFormContext;
  onSaved: (dealer: Dealer) => void;
}

/** The dealer detail form of spec §3/§5; remount it (key) to load another dealer. */
export function DealerForm({ dealer, context, onSaved }: DealerFormProps) {
  const { t } = useTranslation();
  const defaultParent = context.isManager ? null : (context.ownDealer?.id ?? null);
  const initial = useMemo(() => dealerToValues(dealer, defaultParent), [dealer, defaultParent]);
  const { fields, setErrors, markSaved } = useDealerFields(initial);
  const { values, set, text } = fields;
  const save = useSaveDealer();
  const rules = dealerFormRules(context, dealer);

  const send = (confirmEmailChange: boolean) =>
    save.mutate(
      { id: dealer?.id ?? null, body: valuesToBody(values, confirmEmailChange) },
      {
        onSuccess: (saved) => {
          markSaved(values);
          notifySuccess(t(dealer ? 'dealers.updated' : 'dealers.saved'));
          onSaved(saved);
        },
        onError: (failure) => {
          // A stale page may not know a user was linked meanwhile: the server asks, we ask the person.
          if (isConfirmationRequest(failure) && !confirmEmailChange) return confirmEmail();
          setErrors(serverErrors(failure));
          notifyError(t, failure, t('dealers.saveFailed'));
        },
      },
    );

  const confirmEmail = () =>
    openConfirmDialog({
      title: t('dealers.confirmEmailTitle'),
      message: t('dealers.confirmEmailMessage'),
      confirmLabel: t('common.save'),
      cancelLabel: t('common.cancel'),
      onConfirm: () => send(true),
    });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateDealer(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // Spec §4: a changed email of a dealer with a linked user is saved only after confirmation.
    if (dealer && dealer.userId !== null && values.email.trim() !== dealer.email) return confirmEmail();
    send(false);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={dealer ? t('dealers.editTitle', { name: dealer.name }) : t('dealers.newTitle')}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('dealerId', t('dealers.fields.dealerId'), { required: true, disabled: rules.dealerIdLocked })}
          {text('name', t('dealers.fields.name'), { required: true })}
          <ParentPicker
            value={values.parentDealerId}
            onChange={(id) => set('parentDealerId', id)}
            disabled={rules.parentLocked}
            fixedLabel={dealer ? dealer.parentDealerName : context.isManager ? null : (context.ownDealer?.name ?? null)}
          />
          {text('email', t('dealers.fields.email'), {
            type: 'email',
            required: values.parentDealerId === null,
            disabled: rules.emailLocked,
          })}
        </SimpleGrid>
        <DealerLogoInput dealer={dealer} disabled={rules.saveDisabled} />
        <ContactSections fields={fields} />
        {rules.showConfiguration && <ConfigurationSection fields={fields} dealer={dealer} disabled={rules.saveDisabled} />}
        <PermissionsSection fields={fields} locked={rules.permissionsLocked} />
        {rules.saveDisabled && <Alert color="yellow">{t('dealers.noSubDealers')}</Alert>}
        <Group justify="flex-end">
          {dealer && <DealerInviteButton dealer={dealer} userId={context.userId} />}
          <Button type="submit" loading={save.isPending} disabled={rules.saveDisabled}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

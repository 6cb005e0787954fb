import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Dealer } from '@casebridge/shared/schemas/dealers';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useUnsavedChangesGuard } from '../../../components/use-unsaved-changes-guard.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useForm } from '../../../lib/use-form.ts';
import { isConfirmationRequest, useSaveDealer } from '../api/dealers-api.ts';
import {
  DEALER_WORDS,
  dealerFormRules,
  dealerFormSchema,
  dealerRules,
  dealerToValues,
  valuesToBody,
  type DealerFormContext,
} from './dealer-form-rules.ts';
import { DealerLogoInput } from './dealer-files.tsx';
import { ConfigurationSection, ContactSections, PermissionsSection } from './dealer-form-sections.tsx';
import { DealerInviteButton } from './dealer-invite.tsx';
import { ParentPicker } from './dealer-pickers.tsx';

/** A taken Reseller Id in spec §5's words. */
const SERVER_WORDS = { codes: { DEALER_ID_TAKEN: 'dealers.errors.dealerIdTaken' } };

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
  const form = useForm({ initialValues: initial, schema: dealerFormSchema, rules: dealerRules, words: DEALER_WORDS });
  const { values } = form;
  useUnsavedChangesGuard(form.dirty);
  const save = useSaveDealer();
  const rules = dealerFormRules(context, dealer);

  const send = (confirmEmailChange: boolean) =>
    save.mutate(
      { id: dealer?.id ?? null, body: valuesToBody(values, confirmEmailChange) },
      {
        onSuccess: (saved) => {
          form.reset(values);
          notifySuccess(t(dealer ? 'dealers.updated' : 'dealers.saved'));
          onSaved(saved);
        },
        onError: (failure) => {
          // A stale page may not know a user was linked meanwhile: the server asks, we ask the person.
          if (isConfirmationRequest(failure) && !confirmEmailChange) return confirmEmail();
          form.applyServerErrors(failure, SERVER_WORDS);
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
    if (!form.validate()) return;
    // Spec §4: a changed email of a dealer with a linked user is saved only after confirmation.
    if (dealer && dealer.userId !== null && values.email.trim() !== dealer.email) return confirmEmail();
    send(false);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={dealer ? t('dealers.editTitle', { name: dealer.name }) : t('dealers.newTitle')}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('dealers.fields.dealerId')} required disabled={rules.dealerIdLocked} {...form.textProps('dealerId')} />
          <TextInput label={t('dealers.fields.name')} required {...form.textProps('name')} />
          <ParentPicker
            value={values.parentDealerId}
            onChange={(id) => form.setValue('parentDealerId', id)}
            disabled={rules.parentLocked}
            fixedLabel={dealer ? dealer.parentDealerName : context.isManager ? null : (context.ownDealer?.name ?? null)}
          />
          <TextInput
            label={t('dealers.fields.email')}
            type="email"
            required={values.parentDealerId === null}
            disabled={rules.emailLocked}
            {...form.textProps('email')}
          />
        </SimpleGrid>
        <DealerLogoInput dealer={dealer} disabled={rules.saveDisabled} />
        <ContactSections form={form} />
        {rules.showConfiguration && <ConfigurationSection form={form} dealer={dealer} disabled={rules.saveDisabled} />}
        <PermissionsSection form={form} locked={rules.permissionsLocked} />
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

import { Alert, Button, Fieldset, Group, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONFIGURATION_TYPES, type Dealer } from '@casebridge/shared/schemas/dealers';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useUnsavedChangesGuard } from '../../../components/use-unsaved-changes-guard.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { errorCodeKey } from '../../../lib/error-message.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { isConfirmationRequest, useSaveDealer } from '../api/dealers-api.ts';
import { ADDRESS_FIELDS } from './address-fields.ts';
import {
  dealerFormRules,
  dealerToValues,
  validateDealer,
  valuesToBody,
  withOwnConfigurations,
  type DealerErrors,
  type DealerFormContext,
  type DealerValues,
} from './dealer-form-rules.ts';
import { DealerConfigFileInput, DealerLogoInput } from './dealer-files.tsx';
import { DealerInviteButton } from './dealer-invite.tsx';
import { ParentPicker } from './dealer-pickers.tsx';

const CONTACT_FIELDS = ['phone', 'email', 'webUrl'] as const;

/** Sets one value at a dotted path, copying the objects on the way (the form's state is immutable). */
function setIn<T>(object: T, path: string[], value: unknown): T {
  const [head, ...rest] = path;
  const current = object as Record<string, unknown>;
  return { ...current, [head!]: rest.length === 0 ? value : setIn(current[head!], rest, value) } as T;
}

function getIn(object: unknown, path: string[]): unknown {
  return path.reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], object);
}

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
  const [values, setValues] = useState<DealerValues>(initial);
  const [baseline, setBaseline] = useState(initial);
  const [errors, setErrors] = useState<DealerErrors>({});
  const save = useSaveDealer();
  const rules = dealerFormRules(context, dealer);
  const dirty = JSON.stringify(values) !== JSON.stringify(baseline);
  useUnsavedChangesGuard(dirty);

  const set = (path: string, value: unknown) => {
    setValues((current) => setIn(current, path.split('.'), value));
    setErrors((current) => ({ ...current, [path]: '' }));
  };
  const error = (path: string) => (errors[path] ? t(errors[path]) : undefined);
  const text = (path: string, label: string, extra: { disabled?: boolean; required?: boolean; type?: string } = {}) => (
    <TextInput
      label={label}
      value={String(getIn(values, path.split('.')) ?? '')}
      onChange={(event) => set(path, event.currentTarget.value)}
      error={error(path)}
      {...extra}
    />
  );

  const send = (confirmEmailChange: boolean) =>
    save.mutate(
      { id: dealer?.id ?? null, body: valuesToBody(values, confirmEmailChange) },
      {
        onSuccess: (saved) => {
          setBaseline(values);
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

  const permissions = values.configuration.permissions;
  const type = values.configuration.configurationType;
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
        <Fieldset legend={t('dealers.dealerContact')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {ADDRESS_FIELDS.map((field) => (
              <div key={field}>{text(`dealerContact.${field}`, t(`dealers.fields.${field}`))}</div>
            ))}
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('dealers.supportContact')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {CONTACT_FIELDS.map((field) => (
              <div key={field}>{text(`supportContact.${field}`, t(`dealers.fields.${field}`))}</div>
            ))}
          </SimpleGrid>
          <Switch
            mt="sm"
            label={t('dealers.fields.showInfoToOutOfMaintenanceUsers')}
            checked={values.supportContact.permissions.showInfoToOutOfMaintenanceUsers}
            onChange={(event) => set('supportContact.permissions.showInfoToOutOfMaintenanceUsers', event.currentTarget.checked)}
          />
        </Fieldset>
        <Fieldset legend={t('dealers.salesContact')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {CONTACT_FIELDS.map((field) => (
              <div key={field}>{text(`salesContact.${field}`, t(`dealers.fields.${field}`))}</div>
            ))}
          </SimpleGrid>
        </Fieldset>
        {rules.showConfiguration && (
          <Fieldset legend={t('dealers.configuration')}>
            <Stack gap="sm">
              <Select
                label={t('dealers.fields.configurationType')}
                required
                data={CONFIGURATION_TYPES.map((value) => ({ value, label: t(`dealers.configurationTypes.${value}`) }))}
                value={type}
                onChange={(value) => value && set('configuration.configurationType', value)}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
              {type === 'FixedJson' && (
                <Textarea
                  label={t('dealers.fields.fixedConfigJson')}
                  autosize
                  minRows={4}
                  maxRows={16}
                  ff="monospace"
                  value={values.configuration.fixedConfigJson}
                  onChange={(event) => set('configuration.fixedConfigJson', event.currentTarget.value)}
                  error={error('configuration.fixedConfigJson')}
                />
              )}
              {type === 'FixedFile' && <DealerConfigFileInput dealer={dealer} disabled={rules.saveDisabled} />}
              {type === 'DynamicUrl' &&
                text('configuration.dynamicConfigUrlPath', t('dealers.fields.dynamicConfigUrlPath'), { type: 'url' })}
              {text('configuration.componentBaseURL', t('dealers.fields.componentBaseURL'), { type: 'url' })}
            </Stack>
          </Fieldset>
        )}
        <Fieldset legend={t('dealers.permissions')}>
          <Stack gap="xs">
            <Switch
              label={t('dealers.fields.subDealerAllowed')}
              checked={permissions.subDealerAllowed}
              disabled={rules.permissionsLocked}
              onChange={(event) => set('configuration.permissions.subDealerAllowed', event.currentTarget.checked)}
            />
            <Switch
              label={t('dealers.fields.ownConfigurationsAllowed')}
              checked={permissions.ownConfigurationsAllowed}
              disabled={rules.permissionsLocked}
              onChange={(event) => setValues((current) => withOwnConfigurations(current, event.currentTarget.checked))}
            />
            <Switch
              label={t('dealers.fields.strictModeConfiguration')}
              checked={permissions.strictModeConfiguration}
              disabled={!permissions.ownConfigurationsAllowed}
              onChange={(event) => set('configuration.permissions.strictModeConfiguration', event.currentTarget.checked)}
            />
          </Stack>
        </Fieldset>
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

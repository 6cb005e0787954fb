import { Alert, Button, Fieldset, Group, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DealerCustomer } from '@casebridge/shared/schemas/dealers';
import { useUnsavedChangesGuard } from '../../../components/use-unsaved-changes-guard.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { customerIdIsUnique, useSaveCustomer } from '../api/dealers-api.ts';
import { customerBody, customerFormRules, customerToValues, validateCustomer, type CustomerValues } from './customer-form-rules.ts';
import type { DealerFormContext } from './dealer-form-rules.ts';
import { ADDRESS_FIELDS } from './address-fields.ts';
import { DealerSelect } from './dealer-pickers.tsx';
import { formatDealer } from '../../../lib/format.ts';

const PERSON_FIELDS = ['title', 'salutation', 'firstName', 'lastName', 'position', 'company'] as const;
const REQUIRED = new Set<string>(['firstName', 'lastName', 'company']);
const NOT_UNIQUE = 'dealers.customers.idNotUnique';

export interface CustomerFormProps {
  customer: DealerCustomer | null;
  context: DealerFormContext;
  /**
   * The dealer a new customer goes to, shown locked (the ticket desk's picker: the ticket's dealer,
   * so the customer can be assigned to that ticket, also when a root dealer's ticket sits with a
   * sub-dealer). Without it the manager picks one and a dealer user's customer goes to its own
   * dealer (the server fills it in).
   */
  newCustomerDealer?: { id: number; dealerCode: string; name: string } | null;
  onSaved: (customer: DealerCustomer) => void;
}

/** The customer form of spec §3/§5; remount it (key) to load another customer. */
// eslint-disable-next-line max-lines-per-function -- one of the last three to split (issue 27 part 5, docs/architecture.md)
export function CustomerForm({ customer, context, newCustomerDealer = null, onSaved }: CustomerFormProps) {
  const { t } = useTranslation();
  const defaultDealerId = newCustomerDealer?.id ?? (context.isManager ? null : (context.ownDealer?.id ?? null));
  const initial = useMemo(() => customerToValues(customer, defaultDealerId), [customer, defaultDealerId]);
  const dealerFixed = customer === null && newCustomerDealer !== null;
  // The body names the dealer when the manager chose it or the picker fixed it.
  const namesDealer = context.isManager || dealerFixed;
  const dealerLabel = customer
    ? formatDealer({ dealerId: customer.dealerInfo.dealerId, name: customer.dealerInfo.dealerName })
    : newCustomerDealer && formatDealer({ dealerId: newCustomerDealer.dealerCode, name: newCustomerDealer.name });
  const [values, setValues] = useState<CustomerValues>(initial);
  const [baseline, setBaseline] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [checking, setChecking] = useState(false);
  const save = useSaveCustomer();
  const rules = customerFormRules(context, customer);
  useUnsavedChangesGuard(JSON.stringify(values) !== JSON.stringify(baseline));

  const setInfo = (field: string, value: unknown) => {
    setValues((current) => ({ ...current, customerInfo: { ...current.customerInfo, [field]: value } }));
    setErrors((current) => ({ ...current, [`customerInfo.${field}`]: '' }));
  };
  const setContact = (field: string, value: string) => {
    setValues((current) => ({
      ...current,
      customerInfo: { ...current.customerInfo, contactInformation: { ...current.customerInfo.contactInformation, [field]: value } },
    }));
    setErrors((current) => ({ ...current, [`customerInfo.contactInformation.${field}`]: '' }));
  };
  const error = (path: string) => (errors[path] ? t(errors[path]) : undefined);
  const info = values.customerInfo as unknown as Record<string, string>;
  const contact = values.customerInfo.contactInformation as Record<string, string>;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateCustomer(values, namesDealer);
    // Spec §5: a new customer's id must be unique, asked of the server before saving.
    if (!customer && !found['customerInfo.customerId']) {
      setChecking(true);
      const unique = await customerIdIsUnique(values.customerInfo.customerId.trim());
      setChecking(false);
      if (!unique) found['customerInfo.customerId'] = NOT_UNIQUE;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { id: customer?.dealerCustomerId ?? null, body: customerBody(values, namesDealer) },
      {
        onSuccess: (saved) => {
          setBaseline(values);
          notifySuccess(t(customer ? 'dealers.customers.updated' : 'dealers.customers.saved'));
          onSaved(saved);
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.fieldErrors('customerInfo.customerId').includes('CUSTOMER_ID_TAKEN'))
            setErrors({ 'customerInfo.customerId': NOT_UNIQUE });
          notifyError(t, failure, t('dealers.customers.saveFailed'));
        },
      },
    );
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={customer ? t('dealers.customers.editTitle') : t('dealers.customers.newTitle')}
    >
      <fieldset disabled={rules.readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="md">
          {rules.readOnly && <Alert color="blue">{t('dealers.customers.readOnly')}</Alert>}
          {context.isManager ? (
            <DealerSelect
              label={t('dealers.customers.dealer')}
              required
              value={values.dealerId}
              valueLabel={dealerLabel}
              disabled={dealerFixed}
              onChange={(id) => {
                setValues((current) => ({ ...current, dealerId: id }));
                setErrors((current) => ({ ...current, dealerId: '' }));
              }}
              error={error('dealerId')}
            />
          ) : (
            <TextInput
              label={t('dealers.customers.dealer')}
              value={dealerLabel ?? (context.ownDealer ? formatDealer(context.ownDealer) : '')}
              disabled
              readOnly
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('dealers.customers.fields.customerId')}
              required
              value={info.customerId}
              onChange={(event) => setInfo('customerId', event.currentTarget.value)}
              error={error('customerInfo.customerId')}
            />
            {PERSON_FIELDS.map((field) => (
              <TextInput
                key={field}
                label={t(`dealers.customers.fields.${field}`)}
                required={REQUIRED.has(field)}
                value={info[field]}
                onChange={(event) => setInfo(field, event.currentTarget.value)}
                error={error(`customerInfo.${field}`)}
              />
            ))}
          </SimpleGrid>
          <Fieldset legend={t('dealers.customers.contactInformation')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {ADDRESS_FIELDS.map((field) => (
                <TextInput
                  key={field}
                  label={t(`dealers.fields.${field}`)}
                  value={contact[field]}
                  onChange={(event) => setContact(field, event.currentTarget.value)}
                  error={error(`customerInfo.contactInformation.${field}`)}
                />
              ))}
            </SimpleGrid>
          </Fieldset>
          <Switch
            label={t('dealers.fields.showInfoToOutOfMaintenanceUsers')}
            checked={values.customerInfo.permissions.showInfoToOutOfMaintenanceUsers}
            onChange={(event) => setInfo('permissions', { showInfoToOutOfMaintenanceUsers: event.currentTarget.checked })}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending || checking} disabled={rules.readOnly}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}

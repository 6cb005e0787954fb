import { Alert, Button, Fieldset, Group, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customerCodeSchema, type DealerCustomer } from '@casebridge/shared/schemas/dealers';
import { useUnsavedChangesGuard } from '../../../components/use-unsaved-changes-guard.ts';
import { checkField } from '../../../lib/form-errors.ts';
import { formatDealer } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useForm, type Form } from '../../../lib/use-form.ts';
import { customerIdIsUnique, useSaveCustomer } from '../api/dealers-api.ts';
import {
  CUSTOMER_WORDS,
  customerBody,
  customerFormRules,
  customerFormSchema,
  customerRules,
  customerToValues,
} from './customer-form-rules.ts';
import type { DealerFormContext } from './dealer-form-rules.ts';
import { ADDRESS_FIELDS } from './address-fields.ts';
import { DealerSelect } from './dealer-pickers.tsx';

const PERSON_FIELDS = ['title', 'salutation', 'firstName', 'lastName', 'position', 'company'] as const;
const REQUIRED = new Set<string>(['firstName', 'lastName', 'company']);
const NOT_UNIQUE = 'dealers.customers.idNotUnique';

type CustomerFormState = Form<ReturnType<typeof customerFormSchema>>;

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

/** The customer form's state and its save: the shared rules, then (a new customer) the id's uniqueness, then the request. */
function useCustomerForm({ customer, context, newCustomerDealer = null, onSaved }: CustomerFormProps) {
  const { t } = useTranslation();
  const defaultDealerId = newCustomerDealer?.id ?? (context.isManager ? null : (context.ownDealer?.id ?? null));
  const initial = useMemo(() => customerToValues(customer, defaultDealerId), [customer, defaultDealerId]);
  // The body names the dealer when the manager chose it or the picker fixed it.
  const namesDealer = context.isManager || (customer === null && newCustomerDealer !== null);
  const form = useForm({
    initialValues: initial,
    schema: customerFormSchema(namesDealer),
    rules: customerRules(namesDealer),
    words: CUSTOMER_WORDS,
  });
  const [checking, setChecking] = useState(false);
  const save = useSaveCustomer();
  useUnsavedChangesGuard(form.dirty);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const { values } = form;
    const valid = form.validate() !== null;
    // Spec §5: a new customer's id must be unique, asked of the server before saving.
    const customerId = values.customerInfo.customerId.trim();
    if (!customer && !checkField(customerCodeSchema, 'customerId', customerId)) {
      setChecking(true);
      const unique = await customerIdIsUnique(customerId);
      setChecking(false);
      if (!unique) {
        form.setError('customerInfo.customerId', { key: NOT_UNIQUE });
        return;
      }
    }
    if (!valid) return;
    save.mutate(
      { id: customer?.dealerCustomerId ?? null, body: customerBody(values, namesDealer) },
      {
        onSuccess: (saved) => {
          form.reset(values);
          notifySuccess(t(customer ? 'dealers.customers.updated' : 'dealers.customers.saved'));
          onSaved(saved);
        },
        onError: (failure) => {
          form.applyServerErrors(failure, { codes: { CUSTOMER_ID_TAKEN: NOT_UNIQUE } });
          notifyError(t, failure, t('dealers.customers.saveFailed'));
        },
      },
    );
  };

  return { form, submit, saving: save.isPending || checking };
}

/** The customer's dealer: the manager picks it (unless the ticket desk fixed it); a dealer user sees its own. */
function CustomerDealerField({
  form,
  customer,
  context,
  newCustomerDealer = null,
}: Omit<CustomerFormProps, 'onSaved'> & { form: CustomerFormState }) {
  const { t } = useTranslation();
  const dealerLabel = customer
    ? formatDealer({ dealerId: customer.dealerInfo.dealerId, name: customer.dealerInfo.dealerName })
    : newCustomerDealer && formatDealer({ dealerId: newCustomerDealer.dealerCode, name: newCustomerDealer.name });
  if (!context.isManager) {
    return (
      <TextInput
        label={t('dealers.customers.dealer')}
        value={dealerLabel ?? (context.ownDealer ? formatDealer(context.ownDealer) : '')}
        disabled
        readOnly
      />
    );
  }
  return (
    <DealerSelect
      label={t('dealers.customers.dealer')}
      required
      value={form.values.dealerId}
      valueLabel={dealerLabel}
      disabled={customer === null && newCustomerDealer !== null}
      onChange={(id) => form.setValue('dealerId', id)}
      error={form.errorText('dealerId')}
    />
  );
}

/** The customer's own fields: its id, the person, the contact information and what out-of-maintenance users see. */
function CustomerFields({ form }: { form: CustomerFormState }) {
  const { t } = useTranslation();
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('dealers.customers.fields.customerId')} required {...form.textProps('customerInfo.customerId')} />
        {PERSON_FIELDS.map((field) => (
          <TextInput
            key={field}
            label={t(`dealers.customers.fields.${field}`)}
            required={REQUIRED.has(field)}
            {...form.textProps(`customerInfo.${field}`)}
          />
        ))}
      </SimpleGrid>
      <Fieldset legend={t('dealers.customers.contactInformation')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {ADDRESS_FIELDS.map((field) => (
            <TextInput key={field} label={t(`dealers.fields.${field}`)} {...form.textProps(`customerInfo.contactInformation.${field}`)} />
          ))}
        </SimpleGrid>
      </Fieldset>
      <Switch
        label={t('dealers.fields.showInfoToOutOfMaintenanceUsers')}
        checked={form.values.customerInfo.permissions.showInfoToOutOfMaintenanceUsers}
        onChange={(event) => form.setValue('customerInfo.permissions.showInfoToOutOfMaintenanceUsers', event.currentTarget.checked)}
      />
    </>
  );
}

/** The customer form of spec §3/§5; remount it (key) to load another customer. */
export function CustomerForm(props: CustomerFormProps) {
  const { customer, context } = props;
  const { t } = useTranslation();
  const { form, submit, saving } = useCustomerForm(props);
  const rules = customerFormRules(context, customer);
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={customer ? t('dealers.customers.editTitle') : t('dealers.customers.newTitle')}
    >
      <fieldset disabled={rules.readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="md">
          {rules.readOnly && <Alert color="blue">{t('dealers.customers.readOnly')}</Alert>}
          <CustomerDealerField form={form} customer={customer} context={context} newCustomerDealer={props.newCustomerDealer} />
          <CustomerFields form={form} />
          <Group justify="flex-end">
            <Button type="submit" loading={saving} disabled={rules.readOnly}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}

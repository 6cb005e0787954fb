import { Button, Checkbox, Grid, Group, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useUnsavedChangesGuard } from '../../../components/use-unsaved-changes-guard.ts';
import { optionalText } from '../../../lib/form-schemas.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useForm } from '../../../lib/use-form.ts';
import { useSaveShipping, type Lab } from '../api/account-api.ts';
import { onlyDigits } from './company-schema.ts';

/**
 * Spec §5 "Lab company": street, city and ZIP code are required when the lab ships somewhere
 * else than its company address; the phone is optional and digits only; ZIP at most 10.
 */
export const shippingSchema = z
  .object({
    shippingAtSameAddress: z.boolean(),
    street: optionalText(200),
    city: optionalText(100),
    zipCode: optionalText(10),
    phone: optionalText(30).regex(/^[0-9]*$/, 'validation.digitsOnly'),
  })
  .superRefine((value, ctx) => {
    if (value.shippingAtSameAddress) return;
    for (const field of ['street', 'city', 'zipCode'] as const) {
      if (!value[field]) ctx.addIssue({ code: 'custom', path: [field], message: 'validation.required' });
    }
  });

type ShippingValues = z.input<typeof shippingSchema>;

export function labToValues(lab: Lab): ShippingValues {
  return { shippingAtSameAddress: lab.shippingAtSameAddress, ...lab.shippingAddress };
}

export function ShippingAddressForm({ lab }: { lab: Lab }) {
  const { t } = useTranslation();
  const form = useForm({ initialValues: labToValues(lab), schema: shippingSchema });
  const save = useSaveShipping();
  const separate = !form.values.shippingAtSameAddress;
  useUnsavedChangesGuard(form.dirty);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const data = form.validate();
    if (!data) return;
    const { shippingAtSameAddress, ...shippingAddress } = data;
    save.mutate(
      { labId: lab.id, body: { shippingAtSameAddress, shippingAddress } },
      {
        onSuccess: (saved) => {
          form.reset(labToValues(saved));
          notifySuccess(t('shipping.saved'));
        },
        onError: (error) => {
          if (!form.applyServerErrors(error)) notifyError(t, error);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="shipping-form-title">
      <Stack maw={720}>
        <Title order={2} size="h4" id="shipping-form-title">
          {t('shipping.title')}
        </Title>
        <Checkbox
          label={t('shipping.sameAddress')}
          checked={form.values.shippingAtSameAddress}
          onChange={(event) => form.setValue('shippingAtSameAddress', event.currentTarget.checked)}
        />
        {separate && (
          <Grid>
            <Grid.Col span={12}>
              <TextInput label={t('shipping.street')} required autoComplete="shipping street-address" {...form.textProps('street')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label={t('shipping.zipCode')} required maxLength={10} autoComplete="shipping postal-code" {...form.textProps('zipCode')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <TextInput label={t('shipping.city')} required autoComplete="shipping address-level2" {...form.textProps('city')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label={t('shipping.phone')}
                inputMode="numeric"
                autoComplete="shipping tel"
                maxLength={30}
                value={form.values.phone}
                onChange={(event) => form.setValue('phone', onlyDigits(event.currentTarget.value))}
                error={form.errorText('phone')}
              />
            </Grid.Col>
          </Grid>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('shipping.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

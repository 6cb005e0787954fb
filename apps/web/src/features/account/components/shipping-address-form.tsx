import { Button, Checkbox, Grid, Group, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { maxLengthOf } from '@casebridge/shared/schemas/max-length';
import { shippingBodySchema } from '@casebridge/shared/schemas/mill-admin';
import { useUnsavedChangesGuard } from '../../../components/use-unsaved-changes-guard.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useForm } from '../../../lib/use-form.ts';
import { useSaveShipping, type Lab } from '../api/account-api.ts';
import { onlyDigits } from './company-schema.ts';

/**
 * The form shows the address fields side by side with the tick box; the request nests them. The
 * rules (spec §5 "Lab company": street, city and ZIP code required unless shipping goes to the
 * company address) are the shared request schema's.
 */
export const shippingFormSchema = z
  .object({ shippingAtSameAddress: z.boolean(), street: z.string(), city: z.string(), zipCode: z.string(), phone: z.string() })
  .transform(({ shippingAtSameAddress, ...shippingAddress }): z.input<typeof shippingBodySchema> => ({
    shippingAtSameAddress,
    shippingAddress,
  }))
  .pipe(shippingBodySchema);

type ShippingValues = z.input<typeof shippingFormSchema>;

const address = shippingBodySchema.shape.shippingAddress.unwrap().shape;
const ZIP_CODE_MAX = maxLengthOf(address.zipCode);
const PHONE_MAX = maxLengthOf(address.phone);

export function labToValues(lab: Lab): ShippingValues {
  return { shippingAtSameAddress: lab.shippingAtSameAddress, ...lab.shippingAddress };
}

export function ShippingAddressForm({ lab }: { lab: Lab }) {
  const { t } = useTranslation();
  const form = useForm({ initialValues: labToValues(lab), schema: shippingFormSchema });
  const save = useSaveShipping();
  const separate = !form.values.shippingAtSameAddress;
  useUnsavedChangesGuard(form.dirty);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const data = form.validate();
    if (!data) return;
    save.mutate(
      { labId: lab.id, body: data },
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
              <TextInput
                label={t('shipping.zipCode')}
                required
                maxLength={ZIP_CODE_MAX}
                autoComplete="shipping postal-code"
                {...form.textProps('zipCode')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <TextInput label={t('shipping.city')} required autoComplete="shipping address-level2" {...form.textProps('city')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label={t('shipping.phone')}
                inputMode="numeric"
                autoComplete="shipping tel"
                maxLength={PHONE_MAX}
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

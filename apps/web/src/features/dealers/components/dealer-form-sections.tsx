import { Fieldset, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CONFIGURATION_TYPES, type Dealer } from '@casebridge/shared/schemas/dealers';
import type { Form } from '../../../lib/use-form.ts';
import { ADDRESS_FIELDS } from './address-fields.ts';
import { withOwnConfigurations, type dealerFormSchema } from './dealer-form-rules.ts';
import { DealerConfigFileInput } from './dealer-files.tsx';

const CONTACT_FIELDS = ['phone', 'email', 'webUrl'] as const;

/** The dealer form's state (lib/use-form.ts), which its sections read and write by dotted path. */
export type DealerFormState = Form<typeof dealerFormSchema>;

/** The dealer's address and its support and sales contacts (spec §3). */
export function ContactSections({ form }: { form: DealerFormState }) {
  const { t } = useTranslation();
  return (
    <>
      <Fieldset legend={t('dealers.dealerContact')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {ADDRESS_FIELDS.map((field) => (
            <TextInput key={field} label={t(`dealers.fields.${field}`)} {...form.textProps(`dealerContact.${field}`)} />
          ))}
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('dealers.supportContact')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {CONTACT_FIELDS.map((field) => (
            <TextInput key={field} label={t(`dealers.fields.${field}`)} {...form.textProps(`supportContact.${field}`)} />
          ))}
        </SimpleGrid>
        <Switch
          mt="sm"
          label={t('dealers.fields.showInfoToOutOfMaintenanceUsers')}
          checked={form.values.supportContact.permissions.showInfoToOutOfMaintenanceUsers}
          onChange={(event) => form.setValue('supportContact.permissions.showInfoToOutOfMaintenanceUsers', event.currentTarget.checked)}
        />
      </Fieldset>
      <Fieldset legend={t('dealers.salesContact')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {CONTACT_FIELDS.map((field) => (
            <TextInput key={field} label={t(`dealers.fields.${field}`)} {...form.textProps(`salesContact.${field}`)} />
          ))}
        </SimpleGrid>
      </Fieldset>
    </>
  );
}

/** The installer configuration (spec §5): its type and what that type needs. */
export function ConfigurationSection({ form, dealer, disabled }: { form: DealerFormState; dealer: Dealer | null; disabled: boolean }) {
  const { t } = useTranslation();
  const type = form.values.configuration.configurationType;
  return (
    <Fieldset legend={t('dealers.configuration')}>
      <Stack gap="sm">
        <Select
          label={t('dealers.fields.configurationType')}
          required
          data={CONFIGURATION_TYPES.map((value) => ({ value, label: t(`dealers.configurationTypes.${value}`) }))}
          value={type}
          onChange={(value) => value && form.setValue('configuration.configurationType', value)}
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
            {...form.textProps('configuration.fixedConfigJson')}
          />
        )}
        {type === 'FixedFile' && <DealerConfigFileInput dealer={dealer} disabled={disabled} />}
        {type === 'DynamicUrl' && (
          <TextInput
            label={t('dealers.fields.dynamicConfigUrlPath')}
            type="url"
            {...form.textProps('configuration.dynamicConfigUrlPath')}
          />
        )}
        <TextInput label={t('dealers.fields.componentBaseURL')} type="url" {...form.textProps('configuration.componentBaseURL')} />
      </Stack>
    </Fieldset>
  );
}

/** What the dealer may do below it; strict mode only with own configurations (withOwnConfigurations). */
export function PermissionsSection({ form, locked }: { form: DealerFormState; locked: boolean }) {
  const { t } = useTranslation();
  const permissions = form.values.configuration.permissions;
  return (
    <Fieldset legend={t('dealers.permissions')}>
      <Stack gap="xs">
        <Switch
          label={t('dealers.fields.subDealerAllowed')}
          checked={permissions.subDealerAllowed}
          disabled={locked}
          onChange={(event) => form.setValue('configuration.permissions.subDealerAllowed', event.currentTarget.checked)}
        />
        <Switch
          label={t('dealers.fields.ownConfigurationsAllowed')}
          checked={permissions.ownConfigurationsAllowed}
          disabled={locked}
          onChange={(event) => form.setValues((current) => withOwnConfigurations(current, event.currentTarget.checked))}
        />
        <Switch
          label={t('dealers.fields.strictModeConfiguration')}
          checked={permissions.strictModeConfiguration}
          disabled={!permissions.ownConfigurationsAllowed}
          onChange={(event) => form.setValue('configuration.permissions.strictModeConfiguration', event.currentTarget.checked)}
        />
      </Stack>
    </Fieldset>
  );
}

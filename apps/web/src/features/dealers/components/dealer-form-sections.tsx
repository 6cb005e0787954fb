import { Fieldset, Select, SimpleGrid, Stack, Switch, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CONFIGURATION_TYPES, type Dealer } from '@casebridge/shared/schemas/dealers';
import { ADDRESS_FIELDS } from './address-fields.ts';
import { withOwnConfigurations, type DealerValues } from './dealer-form-rules.ts';
import { DealerConfigFileInput } from './dealer-files.tsx';

const CONTACT_FIELDS = ['phone', 'email', 'webUrl'] as const;

/** What the dealer form's sections read and write: its values by dotted path, a text input of one path, a path's error. */
export interface DealerFields {
  values: DealerValues;
  set: (path: string, value: unknown) => void;
  setValues: (update: (current: DealerValues) => DealerValues) => void;
  text: (path: string, label: string, extra?: { disabled?: boolean; required?: boolean; type?: string }) => ReactNode;
  error: (path: string) => string | undefined;
}

/** The dealer's address and its support and sales contacts (spec §3). */
export function ContactSections({ fields }: { fields: DealerFields }) {
  const { t } = useTranslation();
  return (
    <>
      <Fieldset legend={t('dealers.dealerContact')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {ADDRESS_FIELDS.map((field) => (
            <div key={field}>{fields.text(`dealerContact.${field}`, t(`dealers.fields.${field}`))}</div>
          ))}
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('dealers.supportContact')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {CONTACT_FIELDS.map((field) => (
            <div key={field}>{fields.text(`supportContact.${field}`, t(`dealers.fields.${field}`))}</div>
          ))}
        </SimpleGrid>
        <Switch
          mt="sm"
          label={t('dealers.fields.showInfoToOutOfMaintenanceUsers')}
          checked={fields.values.supportContact.permissions.showInfoToOutOfMaintenanceUsers}
          onChange={(event) => fields.set('supportContact.permissions.showInfoToOutOfMaintenanceUsers', event.currentTarget.checked)}
        />
      </Fieldset>
      <Fieldset legend={t('dealers.salesContact')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {CONTACT_FIELDS.map((field) => (
            <div key={field}>{fields.text(`salesContact.${field}`, t(`dealers.fields.${field}`))}</div>
          ))}
        </SimpleGrid>
      </Fieldset>
    </>
  );
}

/** The installer configuration (spec §5): its type and what that type needs. */
export function ConfigurationSection({ fields, dealer, disabled }: { fields: DealerFields; dealer: Dealer | null; disabled: boolean }) {
  const { t } = useTranslation();
  const type = fields.values.configuration.configurationType;
  return (
    <Fieldset legend={t('dealers.configuration')}>
      <Stack gap="sm">
        <Select
          label={t('dealers.fields.configurationType')}
          required
          data={CONFIGURATION_TYPES.map((value) => ({ value, label: t(`dealers.configurationTypes.${value}`) }))}
          value={type}
          onChange={(value) => value && fields.set('configuration.configurationType', value)}
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
            value={fields.values.configuration.fixedConfigJson}
            onChange={(event) => fields.set('configuration.fixedConfigJson', event.currentTarget.value)}
            error={fields.error('configuration.fixedConfigJson')}
          />
        )}
        {type === 'FixedFile' && <DealerConfigFileInput dealer={dealer} disabled={disabled} />}
        {type === 'DynamicUrl' &&
          fields.text('configuration.dynamicConfigUrlPath', t('dealers.fields.dynamicConfigUrlPath'), { type: 'url' })}
        {fields.text('configuration.componentBaseURL', t('dealers.fields.componentBaseURL'), { type: 'url' })}
      </Stack>
    </Fieldset>
  );
}

/** What the dealer may do below it; strict mode only with own configurations (withOwnConfigurations). */
export function PermissionsSection({ fields, locked }: { fields: DealerFields; locked: boolean }) {
  const { t } = useTranslation();
  const permissions = fields.values.configuration.permissions;
  return (
    <Fieldset legend={t('dealers.permissions')}>
      <Stack gap="xs">
        <Switch
          label={t('dealers.fields.subDealerAllowed')}
          checked={permissions.subDealerAllowed}
          disabled={locked}
          onChange={(event) => fields.set('configuration.permissions.subDealerAllowed', event.currentTarget.checked)}
        />
        <Switch
          label={t('dealers.fields.ownConfigurationsAllowed')}
          checked={permissions.ownConfigurationsAllowed}
          disabled={locked}
          onChange={(event) => fields.setValues((current) => withOwnConfigurations(current, event.currentTarget.checked))}
        />
        <Switch
          label={t('dealers.fields.strictModeConfiguration')}
          checked={permissions.strictModeConfiguration}
          disabled={!permissions.ownConfigurationsAllowed}
          onChange={(event) => fields.set('configuration.permissions.strictModeConfiguration', event.currentTarget.checked)}
        />
      </Stack>
    </Fieldset>
  );
}

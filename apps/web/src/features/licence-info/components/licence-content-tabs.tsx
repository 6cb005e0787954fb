import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LicenceContentResponse } from '@casebridge/shared/schemas/licence-tickets';
import { LicenceRowsTable } from './licence-rows-table.tsx';
import { LicenceTree } from './licence-tree.tsx';

/** Spec §2: the tab is a query parameter with these values. */
export const LICENCE_TABS = ['active-licenses', 'ordered-licenses', 'license-details'] as const;
export type LicenceTab = (typeof LICENCE_TABS)[number];

export const isLicenceTab = (value: string | null): value is LicenceTab => (LICENCE_TABS as readonly string[]).includes(value ?? '');

/** The licence content's three tabs: active licences, ordered licences and the tree of details. */
export function LicenceContentTabs({
  data,
  tab,
  onTab,
}: {
  data: LicenceContentResponse;
  tab: LicenceTab;
  onTab: (tab: LicenceTab) => void;
}) {
  const { t } = useTranslation();
  return (
    <Tabs value={tab} onChange={(value) => isLicenceTab(value) && onTab(value)} keepMounted={false}>
      <Tabs.List style={{ flexWrap: 'wrap' }}>
        <Tabs.Tab value="active-licenses">{t('licenceInfo.tabs.active', { count: data.activationLicenses.length })}</Tabs.Tab>
        <Tabs.Tab value="ordered-licenses">{t('licenceInfo.tabs.ordered', { count: data.orderedLicenses.length })}</Tabs.Tab>
        <Tabs.Tab value="license-details">{t('licenceInfo.tabs.details')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="active-licenses" pt="md">
        <LicenceRowsTable rows={data.activationLicenses} caption={t('licenceInfo.tabs.activeCaption')} />
      </Tabs.Panel>
      <Tabs.Panel value="ordered-licenses" pt="md">
        <LicenceRowsTable rows={data.orderedLicenses} caption={t('licenceInfo.tabs.orderedCaption')} />
      </Tabs.Panel>
      <Tabs.Panel value="license-details" pt="md">
        <LicenceTree details={data.licenseDetails} label={t('licenceInfo.tabs.details')} />
      </Tabs.Panel>
    </Tabs>
  );
}

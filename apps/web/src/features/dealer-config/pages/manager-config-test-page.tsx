import { Stack, Text } from '@mantine/core';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { idSchema } from '@casebridge/shared/schemas/common';
import { Page } from '../../../components/page.tsx';
import { useDealerConfiguration } from '../api/dealer-config-api.ts';
import { DealerConfigurationTest } from './dealer-config-page.tsx';
import { formatDealer } from '../../../lib/format.ts';

export interface DealerChoiceProps {
  label: string;
  value: number | null;
  onChange: (id: number | null) => void;
  /** How the chosen dealer reads before the select's own options have loaded. */
  valueLabel?: string | null;
}

/**
 * A select of one dealer: the dealers feature's, which this feature may not import, so the app
 * layer hands it in (app/areas/manager-area.ts), as it hands the ticket desk its customer form.
 */
export type DealerChoice = ComponentType<DealerChoiceProps>;

/** The dealer of `?dealerId=`, or none for a missing or malformed one. */
function dealerIdOf(params: URLSearchParams): number | null {
  const parsed = idSchema.safeParse(params.get('dealerId') ?? undefined);
  return parsed.success ? parsed.data : null;
}

/**
 * The platform manager's configuration test (`/manager/dealer/config-test?dealerId=…`): the
 * manager has no dealer of its own, so it picks one, and the dealer stays in the address, so the
 * page can be linked and reloaded. The server lets the manager test, edit and push any dealer's.
 */
export function ManagerConfigurationTestPage({ dealerSelect: DealerSelect }: { dealerSelect: DealerChoice }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const dealerId = dealerIdOf(params);
  // The same query as the test below: it names the dealer in the select before its options load.
  const configuration = useDealerConfiguration(dealerId);
  const chosen = configuration.data ? formatDealer({ dealerId: configuration.data.dealerCode, name: configuration.data.dealerName }) : null;
  return (
    <Page title={t('dealerConfig.title')}>
      <Stack gap="md">
        <DealerSelect
          label={t('dealerConfig.dealer')}
          value={dealerId}
          valueLabel={chosen}
          onChange={(id) => setParams(id === null ? {} : { dealerId: String(id) })}
        />
        {dealerId === null ? <Text c="dimmed">{t('dealerConfig.chooseDealer')}</Text> : <DealerConfigurationTest dealerId={dealerId} />}
      </Stack>
    </Page>
  );
}

import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconSearch } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { STORAGE_KEYS } from '@casebridge/shared/constants/storage-keys';
import type { LicenceContentResponse } from '@casebridge/shared/schemas/licence-tickets';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { describeError } from '../../../lib/error-message.ts';
import { writeStorage } from '../../../lib/local-storage.ts';
import { useLicenceContent, type LicenceLookupSource } from '../api/licence-info-api.ts';
import { formatLicenceDate, parseLicenceKey } from '../components/licence-key.ts';
import { isLicenceTab, LicenceContentTabs, type LicenceTab } from '../components/licence-content-tabs.tsx';

function Summary({ content }: { content: LicenceContentResponse }) {
  const { t } = useTranslation();
  const info = content.mainProductInfo;
  const yesNo = (value: boolean) => (value ? t('licenceInfo.yes') : t('licenceInfo.no'));
  const fields: [string, string][] = [
    [t('licenceInfo.summary.ticketId'), info.ticketId],
    [t('licenceInfo.summary.dongleId'), info.dongleId || '—'],
    [t('licenceInfo.summary.product'), info.productName || '—'],
    [t('licenceInfo.summary.licenseExp'), formatLicenceDate(info.licenseExp)],
    [t('licenceInfo.summary.maintenanceExp'), formatLicenceDate(info.maintenanceExp)],
    [t('licenceInfo.summary.network'), yesNo(info.isNetwork)],
    [t('licenceInfo.summary.commercial'), yesNo(info.isCommercial)],
  ];
  return (
    <Paper withBorder p="md" component="section" aria-label={t('licenceInfo.summary.title')}>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs" m={0}>
        {fields.map(([label, value]) => (
          <Stack key={label} gap={0} style={{ minWidth: 0 }}>
            <Text component="dt" fz="xs" c="dimmed">
              {label}
            </Text>
            <Text component="dd" fw={600} m={0} style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

/** The error of a lookup in words that say what to do: wait (429), check the key (404), or the server's reason. */
function lookupError(t: ReturnType<typeof useTranslation>['t'], error: unknown): string {
  if (error instanceof ApiError && error.status === 429) return t('licenceInfo.rateLimited');
  if (error instanceof ApiError && error.status === 404) return t('licenceInfo.notFound');
  return describeError(t, error);
}

function readStoredKey(): string | null {
  return parseLicenceKey(localStorage.getItem(STORAGE_KEYS.licenceSearch) ?? '');
}

/**
 * Spec §2 licence info page: a ticket key, Search, the summary and the tabs of the licence
 * content. One page at three routes: the public lookup (`/license/info`, licence content only,
 * rate limited), the dealer's (`/dealer/license/info?licenseKey=…`, its subtree) and the
 * manager's (`/manager/license/info`, every ticket). The key searched lives in `?licenseKey` (so
 * the ticket desk can link to it) and in local storage (spec §4: reloaded on the next visit);
 * the query wins over the stored key.
 */
export function LicenceInfoPage({ source }: { source: LicenceLookupSource }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get('licenseKey');
  // Read once: the stored key is where a visit starts, not something to follow while typing.
  const [stored] = useState(readStoredKey);
  const requested = fromUrl ?? stored ?? '';
  const searched = parseLicenceKey(requested);
  const tab: LicenceTab = isLicenceTab(params.get('tab')) ? (params.get('tab') as LicenceTab) : 'active-licenses';

  const [input, setInput] = useState(requested);
  const [formatError, setFormatError] = useState(requested !== '' && searched === null);
  // Another ?licenseKey (a link from the ticket desk while the page is open) refills the input.
  const [lastRequested, setLastRequested] = useState(requested);
  if (lastRequested !== requested) {
    setLastRequested(requested);
    setInput(requested);
    setFormatError(requested !== '' && searched === null);
  }

  const content = useLicenceContent(source, searched);

  useEffect(() => {
    if (searched) writeStorage(STORAGE_KEYS.licenceSearch, searched);
  }, [searched]);

  const setQuery = (key: string, nextTab: LicenceTab) => setParams({ licenseKey: key, tab: nextTab }, { replace: true });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const key = parseLicenceKey(input);
    if (!key) {
      setFormatError(true);
      return;
    }
    setFormatError(false);
    setInput(key);
    // The same key again asks once more (its content may have changed since); a new key goes to the URL.
    if (key === searched) void content.refetch();
    else setQuery(key, tab);
  };

  const data = content.data;
  return (
    <Page title={t('licenceInfo.title')}>
      <Text c="dimmed">{source === 'public' ? t('licenceInfo.introPublic') : t('licenceInfo.intro')}</Text>
      <form onSubmit={onSubmit} noValidate role="search" aria-label={t('licenceInfo.searchLabel')}>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label={t('licenceInfo.keyLabel')}
            placeholder="ABCDE-12345-FGHIJ-KLMNO-PQRST"
            value={input}
            onChange={(event) => {
              setInput(event.currentTarget.value);
              if (formatError) setFormatError(false);
            }}
            error={formatError ? t('licenceInfo.invalidKeyFormat') : undefined}
            autoComplete="off"
            spellCheck={false}
            maxLength={60}
            style={{ flex: '1 1 16rem', minWidth: 0 }}
            styles={{ input: { fontFamily: 'monospace' } }}
          />
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />} mt={{ base: 0, xs: 25 }} loading={content.isFetching}>
            {t('licenceInfo.search')}
          </Button>
        </Group>
      </form>

      {content.isError && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
          {lookupError(t, content.error)}
        </Alert>
      )}
      {content.isLoading && <Loading />}
      {data && !content.isError && (
        <Stack gap="md">
          <Summary content={data} />
          <LicenceContentTabs data={data} tab={tab} onTab={(nextTab) => setQuery(data.mainProductInfo.ticketId, nextTab)} />
        </Stack>
      )}
    </Page>
  );
}

/** The three routes of spec §2, one page each for the router's lazy areas. */
export const PublicLicenceInfoPage = () => <LicenceInfoPage source="public" />;
export const DealerLicenceInfoPage = () => <LicenceInfoPage source="signedIn" />;
export const ManagerLicenceInfoPage = () => <LicenceInfoPage source="signedIn" />;

import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DealerConfiguration, InstallationResult, VerifyResult } from '@casebridge/shared/schemas/dealer-configurations';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
import { describeError } from '../../../lib/error-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useDealerConfiguration } from '../api/dealer-config-api.ts';
import { useConfigurationDraft, useGenerate, useInstallationTest } from '../components/use-configuration-test.ts';

/**
 * The installation configuration test (spec manager-dealer §2 configuration page, §4, §5; ADR 0013)
 * at /dealer/config/result, of the signed-in user's dealer. `/view/dealer/config/result` is the
 * view-only variant: the same tests, but the draft cannot be changed, saved or pushed, and no
 * component file generated.
 */
export function ConfigurationTestPage({ viewOnly = false }: { viewOnly?: boolean }) {
  const { t } = useTranslation();
  const { session } = useSession();
  const dealerId = session?.dealer?.id ?? null;
  return (
    <Page title={viewOnly ? t('dealerConfig.viewTitle') : t('dealerConfig.title')}>
      {dealerId === null ? (
        <Alert color="yellow">{t('dealerConfig.noDealer')}</Alert>
      ) : (
        <DealerConfigurationTest dealerId={dealerId} viewOnly={viewOnly} />
      )}
    </Page>
  );
}

/** The configuration test of one dealer, once its configuration has loaded; the manager's page picks the dealer. */
export function DealerConfigurationTest({ dealerId, viewOnly = false }: { dealerId: number; viewOnly?: boolean }) {
  const { t } = useTranslation();
  const configuration = useDealerConfiguration(dealerId);
  if (configuration.isError) return <Alert color="red">{describeError(t, configuration.error)}</Alert>;
  if (!configuration.data) return <Loading />;
  return <ConfigurationTest key={configuration.data.dealerId} dealerId={dealerId} configuration={configuration.data} viewOnly={viewOnly} />;
}

function ConfigurationTest({
  dealerId,
  configuration,
  viewOnly,
}: {
  dealerId: number;
  configuration: DealerConfiguration;
  viewOnly: boolean;
}) {
  const { t } = useTranslation();
  const editable = !viewOnly && configuration.canEdit;
  const draft = useConfigurationDraft(dealerId, configuration, editable);
  const test = useInstallationTest(dealerId, draft.draft);
  const generate = useGenerate(dealerId);
  const publishBlocked = viewOnly || !configuration.canPublish;
  const metadata = configuration.componentsMetadata;

  return (
    <Stack gap="md">
      <ConfigurationHeader configuration={configuration} viewOnly={viewOnly} />
      <DraftAndProduction draft={draft} production={configuration.prodConfiguration} editable={editable} />
      <TicketControls {...test.ticket} />
      <Group>
        <Button variant="default" onClick={draft.validate}>
          {t('dealerConfig.validate')}
        </Button>
        {editable && (
          <Button variant="default" onClick={draft.save} loading={draft.saving} disabled={draft.draft === configuration.draftConfiguration}>
            {t('dealerConfig.saveDraft')}
          </Button>
        )}
        <Button onClick={test.viewResult} loading={test.testing}>
          {t('dealerConfig.viewResult')}
        </Button>
        <Button variant="light" onClick={test.verifyResult} loading={test.verifying}>
          {t('dealerConfig.verifyResult')}
        </Button>
        <Tooltip label={t('dealerConfig.adminOnly')} disabled={!publishBlocked}>
          <Button color="green" onClick={draft.readyForProduction} loading={draft.publishing} disabled={publishBlocked}>
            {t('dealerConfig.readyForProduction')}
          </Button>
        </Tooltip>
        {!viewOnly && (
          <Tooltip label={t('dealerConfig.baseUrlMissing')} disabled={!!configuration.componentBaseURL}>
            <Button
              variant="outline"
              onClick={generate.run}
              loading={generate.pending}
              disabled={!editable || !configuration.componentBaseURL}
            >
              {metadata ? t('dealerConfig.refreshComponents') : t('dealerConfig.generateComponents')}
            </Button>
          </Tooltip>
        )}
      </Group>
      {metadata && (
        <Text size="sm" c="dimmed">
          {t('dealerConfig.componentsFile', { name: metadata.fileName, count: metadata.count, date: formatDateTime(metadata.generatedAt) })}
        </Text>
      )}
      {test.verified && <VerifyPanel verified={test.verified} />}
      {test.result && <ResultPanel result={test.result} />}
    </Stack>
  );
}

function ConfigurationHeader({ configuration, viewOnly }: { configuration: DealerConfiguration; viewOnly: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Group gap="xs">
        <Text fw={600}>{configuration.dealerName}</Text>
        <Badge variant="light">{configuration.dealerCode}</Badge>
        <Badge variant="outline" aria-label={t('dealerConfig.typeLabel', { type: configuration.configurationType })}>
          {configuration.configurationType}
        </Badge>
        {configuration.strictModeConfiguration && <Badge color="orange">{t('dealerConfig.strict')}</Badge>}
      </Group>
      {!configuration.ownConfigurationsAllowed && <Alert color="yellow">{t('dealerConfig.ownNotAllowed')}</Alert>}
      {viewOnly && <Alert color="blue">{t('dealerConfig.viewOnly')}</Alert>}
    </>
  );
}

/** The draft (editable unless view-only) beside the production text, and the draft's JSON check. */
function DraftAndProduction({
  draft,
  production,
  editable,
}: {
  draft: ReturnType<typeof useConfigurationDraft>;
  production: string;
  editable: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Textarea
          label={t('dealerConfig.draft')}
          value={draft.draft}
          onChange={(event) => draft.edit(event.currentTarget.value)}
          readOnly={!editable}
          autosize
          minRows={10}
          maxRows={24}
          spellCheck={false}
          styles={{ input: { fontFamily: 'monospace' } }}
          error={draft.jsonCheck?.valid === false ? t('dealerConfig.invalidJson') : undefined}
        />
        <Textarea
          label={t('dealerConfig.production')}
          value={production}
          readOnly
          autosize
          minRows={10}
          maxRows={24}
          styles={{ input: { fontFamily: 'monospace' } }}
        />
      </SimpleGrid>
      {draft.jsonCheck?.valid && (
        <Alert color="green" role="status">
          {t('dealerConfig.validJson')}
        </Alert>
      )}
    </>
  );
}

function TicketControls(props: ReturnType<typeof useInstallationTest>['ticket']) {
  const { t } = useTranslation();
  return (
    <Group align="flex-end">
      <TextInput
        label={t('dealerConfig.ticketId')}
        placeholder="ABCDE-12345-FGHIJ-KLMNO-PQRST"
        value={props.ticketId}
        onChange={(event) => props.setTicketId(event.currentTarget.value)}
        error={props.ticketError}
        w={340}
      />
      <Switch
        label={t('dealerConfig.testMode')}
        checked={props.testMode}
        onChange={(event) => props.setTestMode(event.currentTarget.checked)}
      />
      <Switch
        label={t('dealerConfig.initialCall')}
        checked={props.initialCall}
        onChange={(event) => props.setInitialCall(event.currentTarget.checked)}
      />
    </Group>
  );
}

function ResultPanel({ result }: { result: InstallationResult }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" aria-label={t('dealerConfig.result')} role="region">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('dealerConfig.result')}
        </Title>
        <Text size="sm">
          {t('dealerConfig.resultSummary', {
            ticket: result.ticketId,
            dealer: result.dealer.dealerCode,
            source: t(`dealerConfig.source.${result.source}`),
            type: result.configurationType,
            version: t(`dealerConfig.version.${result.version}`),
            call: t(`dealerConfig.call.${result.call}`),
          })}
        </Text>
        <List size="sm">
          {result.reasons.map((reason) => (
            <List.Item key={reason}>{reason}</List.Item>
          ))}
        </List>
        <Code block data-testid="installer-configuration">
          {result.configuration === null ? t('dealerConfig.noConfiguration') : JSON.stringify(result.configuration, null, 2)}
        </Code>
      </Stack>
    </Paper>
  );
}

function VerifyPanel({ verified }: { verified: VerifyResult }) {
  const { t } = useTranslation();
  const lists = [
    ['mandatory', verified.mandatory],
    ['optional', verified.optional],
    ['mandatoryThenOptional', verified.mandatoryThenOptional],
  ] as const;
  return (
    <Alert
      color={verified.valid ? 'green' : 'red'}
      title={verified.valid ? t('dealerConfig.verifyValid') : t('dealerConfig.verifyInvalid')}
      role="status"
    >
      <Stack gap={4}>
        {!verified.hasMetadata && <Text size="sm">{t('dealerConfig.noMetadata')}</Text>}
        {lists.map(([name, list]) => (
          <Text size="sm" key={name}>
            {t(`dealerConfig.lists.${name}`)}: {t('dealerConfig.knownCount', { count: list.known.length })}
            {list.unknown.length > 0 && ` · ${t('dealerConfig.unknownIds', { ids: list.unknown.join(', ') })}`}
          </Text>
        ))}
        {verified.inSeveralLists.length > 0 && (
          <Text size="sm">{t('dealerConfig.inSeveralLists', { ids: verified.inSeveralLists.join(', ') })}</Text>
        )}
      </Stack>
    </Alert>
  );
}

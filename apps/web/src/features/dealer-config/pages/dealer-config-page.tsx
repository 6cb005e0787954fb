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
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LICENCE_KEY_PATTERN } from '@casebridge/shared/constants/licence-key';
import {
  productLists,
  type DealerConfiguration,
  type InstallationResult,
  type VerifyResult,
} from '@casebridge/shared/schemas/dealer-configurations';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
import { useUnsavedChangesGuard } from '../../../components/use-unsaved-changes-guard.ts';
import { describeError } from '../../../lib/error-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import {
  useDealerConfiguration,
  useGenerateComponents,
  usePublishConfiguration,
  useSaveDraft,
  useTestInstallation,
  useVerifyComponents,
} from '../api/dealer-config-api.ts';

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

type JsonCheck = { valid: true } | { valid: false } | null;

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
  const [draft, setDraft] = useState(configuration.draftConfiguration);
  const [ticketId, setTicketId] = useState('');
  const [ticketError, setTicketError] = useState<string | null>(null);
  const [testMode, setTestMode] = useState(true);
  const [initialCall, setInitialCall] = useState(true);
  const [jsonCheck, setJsonCheck] = useState<JsonCheck>(null);
  const [result, setResult] = useState<InstallationResult | null>(null);
  const [verified, setVerified] = useState<VerifyResult | null>(null);
  const saveDraft = useSaveDraft(dealerId);
  const publish = usePublishConfiguration(dealerId);
  const generate = useGenerateComponents(dealerId);
  const test = useTestInstallation(dealerId);
  const verify = useVerifyComponents(dealerId);
  useUnsavedChangesGuard(editable && draft !== configuration.draftConfiguration);

  // After a push the production text is the draft (spec §4): the text area follows the server.
  useEffect(() => setDraft(configuration.draftConfiguration), [configuration.draftConfiguration]);

  const parsedDraft = (): { ok: true; value: unknown } | { ok: false } => {
    try {
      return { ok: true, value: JSON.parse(draft) };
    } catch {
      return { ok: false };
    }
  };

  /** Spec §4/§5: validation reports valid or invalid and formats valid JSON. */
  const validate = (): boolean => {
    const parsed = parsedDraft();
    setJsonCheck(parsed.ok ? { valid: true } : { valid: false });
    if (parsed.ok && editable) setDraft(JSON.stringify(parsed.value, null, 2));
    return parsed.ok;
  };

  const checkedTicket = (): string | null => {
    const key = ticketId.trim().toUpperCase();
    if (!LICENCE_KEY_PATTERN.test(key)) {
      setTicketError(t('errors.TICKET_FORMAT_INVALID'));
      return null;
    }
    setTicketError(null);
    return key;
  };

  const viewResult = () => {
    const key = checkedTicket();
    if (!key) return;
    setVerified(null);
    test.mutate(
      { ticketId: key, initialCall, isTestMode: testMode, ...(testMode ? { configJson: draft } : {}) },
      {
        onSuccess: setResult,
        onError: (error) => {
          setResult(null);
          notifyError(t, error);
        },
      },
    );
  };

  const verifyResult = () => {
    // The products of the result on screen, else of the draft being edited.
    const fromDraft = parsedDraft();
    const lists = productLists(result ? result.configuration : fromDraft.ok ? fromDraft.value : null);
    verify.mutate(
      {
        mandatoryComponentsIds: lists.mandatory,
        optionalComponentsIds: lists.optional,
        mandatoryThenOptionalComponentsIds: lists.mandatoryThenOptional,
      },
      { onSuccess: setVerified, onError: (error) => notifyError(t, error) },
    );
  };

  const readyForProduction = () => {
    if (configuration.configurationType !== 'FixedJson') {
      openConfirmDialog({ title: t('dealerConfig.production'), message: t('errors.CONFIGURATION_PUSH_UNAVAILABLE') });
      return;
    }
    // Spec §4: promotion needs a validated draft.
    // Invalid JSON is shown under the draft by the validation itself.
    if (!validate()) return;
    const text = JSON.stringify(JSON.parse(draft), null, 2);
    openConfirmDialog({
      title: t('dealerConfig.confirmTitle'),
      message: t('dealerConfig.confirmMessage'),
      confirmLabel: t('dealerConfig.readyForProduction'),
      cancelLabel: t('common.cancel'),
      onConfirm: () =>
        publish.mutate(text, {
          onSuccess: () => notifySuccess(t('dealerConfig.published')),
          onError: (error) => notifyError(t, error, t('dealerConfig.publishFailed')),
        }),
    });
  };

  const save = () =>
    saveDraft.mutate(draft, { onSuccess: () => notifySuccess(t('dealerConfig.draftSaved')), onError: (error) => notifyError(t, error) });

  const generateComponents = () =>
    generate.mutate(undefined, {
      onSuccess: () => notifySuccess(t('dealerConfig.componentsGenerated')),
      onError: (error) => notifyError(t, error),
    });

  const publishBlocked = viewOnly || !configuration.canPublish;
  const generateBlocked = !editable || !configuration.componentBaseURL;
  const metadata = configuration.componentsMetadata;

  return (
    <Stack gap="md">
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

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Textarea
          label={t('dealerConfig.draft')}
          value={draft}
          onChange={(event) => {
            setDraft(event.currentTarget.value);
            setJsonCheck(null);
          }}
          readOnly={!editable}
          autosize
          minRows={10}
          maxRows={24}
          spellCheck={false}
          styles={{ input: { fontFamily: 'monospace' } }}
          error={jsonCheck?.valid === false ? t('dealerConfig.invalidJson') : undefined}
        />
        <Textarea
          label={t('dealerConfig.production')}
          value={configuration.prodConfiguration}
          readOnly
          autosize
          minRows={10}
          maxRows={24}
          styles={{ input: { fontFamily: 'monospace' } }}
        />
      </SimpleGrid>
      {jsonCheck?.valid && (
        <Alert color="green" role="status">
          {t('dealerConfig.validJson')}
        </Alert>
      )}

      <Group align="flex-end">
        <TextInput
          label={t('dealerConfig.ticketId')}
          placeholder="ABCDE-12345-FGHIJ-KLMNO-PQRST"
          value={ticketId}
          onChange={(event) => {
            setTicketId(event.currentTarget.value);
            setTicketError(null);
          }}
          error={ticketError}
          w={340}
        />
        <Switch label={t('dealerConfig.testMode')} checked={testMode} onChange={(event) => setTestMode(event.currentTarget.checked)} />
        <Switch
          label={t('dealerConfig.initialCall')}
          checked={initialCall}
          onChange={(event) => setInitialCall(event.currentTarget.checked)}
        />
      </Group>

      <Group>
        <Button variant="default" onClick={validate}>
          {t('dealerConfig.validate')}
        </Button>
        {editable && (
          <Button variant="default" onClick={save} loading={saveDraft.isPending} disabled={draft === configuration.draftConfiguration}>
            {t('dealerConfig.saveDraft')}
          </Button>
        )}
        <Button onClick={viewResult} loading={test.isPending}>
          {t('dealerConfig.viewResult')}
        </Button>
        <Button variant="light" onClick={verifyResult} loading={verify.isPending}>
          {t('dealerConfig.verifyResult')}
        </Button>
        <Tooltip label={t('dealerConfig.adminOnly')} disabled={!publishBlocked}>
          <Button color="green" onClick={readyForProduction} loading={publish.isPending} disabled={publishBlocked}>
            {t('dealerConfig.readyForProduction')}
          </Button>
        </Tooltip>
        {!viewOnly && (
          <Tooltip label={t('dealerConfig.baseUrlMissing')} disabled={!!configuration.componentBaseURL}>
            <Button variant="outline" onClick={generateComponents} loading={generate.isPending} disabled={generateBlocked}>
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

      {verified && <VerifyPanel verified={verified} />}
      {result && <ResultPanel result={result} />}
    </Stack>
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

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
import { useUnsavedChangesGuard } from '../../../components/use-unsaved-changes-guard.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import {
  useGenerateComponents,
  usePublishConfiguration,
  useSaveDraft,
  useTestInstallation,
  useVerifyComponents,
} from '../api/dealer-config-api.ts';

export type JsonCheck = { valid: true } | { valid: false } | null;

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** The draft being edited: its JSON check, saving it, and pushing it to production (spec §4). */
export function useConfigurationDraft(dealerId: number, configuration: DealerConfiguration, editable: boolean) {
  const { t } = useTranslation();
  const [draft, setDraftText] = useState(configuration.draftConfiguration);
  const [jsonCheck, setJsonCheck] = useState<JsonCheck>(null);
  const saveDraft = useSaveDraft(dealerId);
  const publish = usePublishConfiguration(dealerId);
  useUnsavedChangesGuard(editable && draft !== configuration.draftConfiguration);

  // After a push the production text is the draft (spec §4): the text area follows the server.
  useEffect(() => setDraftText(configuration.draftConfiguration), [configuration.draftConfiguration]);

  const edit = (text: string) => {
    setDraftText(text);
    setJsonCheck(null);
  };

  /** Spec §4/§5: validation reports valid or invalid and formats valid JSON. */
  const validate = (): boolean => {
    const parsed = parseJson(draft);
    setJsonCheck(parsed.ok ? { valid: true } : { valid: false });
    if (parsed.ok && editable) setDraftText(JSON.stringify(parsed.value, null, 2));
    return parsed.ok;
  };

  const save = () =>
    saveDraft.mutate(draft, { onSuccess: () => notifySuccess(t('dealerConfig.draftSaved')), onError: (error) => notifyError(t, error) });

  const readyForProduction = () => {
    if (configuration.configurationType !== 'FixedJson') {
      openConfirmDialog({ title: t('dealerConfig.production'), message: t('errors.CONFIGURATION_PUSH_UNAVAILABLE') });
      return;
    }
    // Spec §4: promotion needs a validated draft; invalid JSON is shown under the draft by the validation itself.
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

  return { draft, edit, jsonCheck, validate, save, saving: saveDraft.isPending, readyForProduction, publishing: publish.isPending };
}

/** A ticket's installation tried against the draft or production, and the products it names checked. */
export function useInstallationTest(dealerId: number, draft: string) {
  const { t } = useTranslation();
  const [ticketId, setTicketIdText] = useState('');
  const [ticketError, setTicketError] = useState<string | null>(null);
  const [testMode, setTestMode] = useState(true);
  const [initialCall, setInitialCall] = useState(true);
  const [result, setResult] = useState<InstallationResult | null>(null);
  const [verified, setVerified] = useState<VerifyResult | null>(null);
  const test = useTestInstallation(dealerId);
  const verify = useVerifyComponents(dealerId);

  const setTicketId = (text: string) => {
    setTicketIdText(text);
    setTicketError(null);
  };

  const viewResult = () => {
    const key = ticketId.trim().toUpperCase();
    if (!LICENCE_KEY_PATTERN.test(key)) return setTicketError(t('errors.TICKET_FORMAT_INVALID'));
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
    const fromDraft = parseJson(draft);
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

  return {
    ticket: { ticketId, setTicketId, ticketError, testMode, setTestMode, initialCall, setInitialCall },
    viewResult,
    testing: test.isPending,
    verifyResult,
    verifying: verify.isPending,
    result,
    verified,
  };
}

/** Generating (or refreshing) the components file of the dealer's component base. */
export function useGenerate(dealerId: number) {
  const { t } = useTranslation();
  const generate = useGenerateComponents(dealerId);
  const run = () =>
    generate.mutate(undefined, {
      onSuccess: () => notifySuccess(t('dealerConfig.componentsGenerated')),
      onError: (error) => notifyError(t, error),
    });
  return { run, pending: generate.isPending };
}

import { ActionIcon, Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import type { MillSummary } from '@casebridge/shared/schemas/auth';
import { maxLengthOf } from '@casebridge/shared/schemas/max-length';
import { createOrderBodySchema, type DraftOrder } from '@casebridge/shared/schemas/orders';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
import { markFormsSaved, useUnsavedChangesGuard } from '../../../components/use-unsaved-changes-guard.ts';
import { describeError } from '../../../lib/error-message.ts';
import { checkField } from '../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { ordersPath } from '../../../lib/order-paths.ts';
import { useSelectedMill, useSession } from '../../../lib/session.ts';
import { ordersApi, type CreatedOrder } from '../api/orders-api.ts';
import { forgetUploads } from '../api/uploads.ts';
import { DocumentDropZone, type ReceivedFile } from '../components/document-drop-zone.tsx';
import { DraftOffer } from '../components/draft-offer.tsx';
import { pickFiles, type PickedFile } from '../components/document-picker.ts';
import { OverallProgress } from '../components/overall-progress.tsx';
import { useDocumentUploads, type UploadJob } from '../components/use-document-uploads.ts';
import { useOfferedDraft } from '../components/use-offered-draft.ts';

interface DraftComponent {
  key: string;
  name: string;
  files: PickedFile[];
  /** Documents the server already holds, when continuing an unfinished order. */
  received: ReceivedFile[];
}

let nextComponentKey = 0;
function newComponent(name = '', received: ReceivedFile[] = []): DraftComponent {
  nextComponentKey += 1;
  return { key: `c${nextComponentKey}`, name, files: [], received };
}

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * Files dropped again are listed once, and files the server already holds are not sent again:
 * after a reload the lab can drop the whole folder and only what is missing goes.
 */
function filesToAdd(component: DraftComponent, files: File[]): File[] {
  return files.filter(
    (file) =>
      !component.received.some((received) => received.name === file.name && received.size === file.size) &&
      !component.files.some((picked) => sameFile(picked.file, file)),
  );
}

const ORDER_NAME_RULE = createOrderBodySchema.shape.name;
const COMPONENT_NAME_RULE = createOrderBodySchema.shape.components.element.shape.name;
const ORDER_NAME_MAX = maxLengthOf(ORDER_NAME_RULE);
const COMPONENT_NAME_MAX = maxLengthOf(COMPONENT_NAME_RULE);

/** Spec §2 lab area: a new order with its components and their files, sent to the selected mill. */
export function NewOrderPage() {
  const { t } = useTranslation();
  const { session } = useSession();
  const { mill } = useSelectedMill(session);
  return <Page title={t('orders.newTitle')}>{mill ? <NewOrderForm mill={mill} /> : <Loading />}</Page>;
}

// eslint-disable-next-line max-lines-per-function -- one of the last three to split (issue 27 part 5, docs/architecture.md)
export function NewOrderForm({ mill }: { mill: MillSummary }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [components, setComponents] = useState<DraftComponent[]>(() => [newComponent()]);
  const [showErrors, setShowErrors] = useState(false);
  const [created, setCreated] = useState<CreatedOrder | null>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [failedKeys, setFailedKeys] = useState<string[]>([]);
  const [continued, setContinued] = useState(false);
  const { uploads, run } = useDocumentUploads();
  const offer = useOfferedDraft(mill.id);
  const offered = created ? null : offer.draft;
  const dirty = name.trim() !== '' || components.some((component) => component.name.trim() !== '' || component.files.length > 0);
  useUnsavedChangesGuard(dirty);

  const discardDraft = (draft: DraftOrder) =>
    openConfirmDialog({
      title: t('orders.discardDraftTitle'),
      message: t('orders.discardDraftMessage', { name: draft.name }),
      confirmLabel: t('orders.discardDraft'),
      cancelLabel: t('common.cancel'),
      danger: true,
      onConfirm: () =>
        offer.discard.mutate(draft.id, {
          onSuccess: () => {
            forgetUploads(draft.components.map((component) => component.id));
            notifySuccess(t('orders.draftDiscarded'));
          },
          onError: (error) => notifyError(t, error),
        }),
    });

  // Once the order exists its names are the server's; files can still be added (a continued
  // order) until sending starts, and after failed uploads only those are retried.
  const namesLocked = created !== null || sending;
  const filesLocked = sending || failedKeys.length > 0;
  const nameError = showErrors ? fieldError(ORDER_NAME_RULE, name) : null;

  function fieldError(rule: z.ZodType, value: string): string | null {
    const broken = checkField(rule, 'name', value);
    return broken ? t(broken.key, broken.values) : null;
  }

  const jobsFor = (order: CreatedOrder): UploadJob[] =>
    components.flatMap((component, index) =>
      component.files
        .filter((picked) => !picked.rejected)
        .map((picked) => ({ key: picked.key, file: picked.file, orderId: order.id, componentId: order.components[index]!.id })),
    );
  const allJobs = created ? jobsFor(created) : [];

  const update = (key: string, change: (component: DraftComponent) => DraftComponent) =>
    setComponents((current) => current.map((component) => (component.key === key ? change(component) : component)));

  /** Takes up an order whose sending stopped: its names, components and what already arrived. */
  const continueDraft = (draft: DraftOrder) => {
    setName(draft.name);
    setComponents(draft.components.map((component) => newComponent(component.name, component.documents)));
    setCreated({ id: draft.id, name: draft.name, components: draft.components.map(({ id, name }) => ({ id, name })) });
    setContinued(true);
  };

  /** Uploads what is still missing, then submits the order; failed files keep the page open. */
  const uploadAndSubmit = async (order: CreatedOrder, onlyKeys?: string[]) => {
    // Files that already arrived are never sent twice.
    const jobs = jobsFor(order).filter((job) => uploads[job.key]?.status !== 'done' && (!onlyKeys || onlyKeys.includes(job.key)));
    const failed = await run(jobs);
    setFailedKeys(failed);
    if (failed.length > 0) {
      setFailure(t('orders.someUploadsFailed', { count: failed.length }));
      return;
    }
    await ordersApi.submit(order.id);
    markFormsSaved();
    notifySuccess(t('orders.sent'));
    void navigate(ordersPath('lab'));
  };

  const send = async () => {
    setShowErrors(true);
    if (fieldError(ORDER_NAME_RULE, name) || components.some((component) => fieldError(COMPONENT_NAME_RULE, component.name))) return;
    setSending(true);
    setFailure(null);
    try {
      let order = created;
      if (!order) {
        order = await ordersApi.create({
          millId: mill.id,
          name: name.trim(),
          components: components.map((component) => ({ name: component.name.trim() })),
        });
        setCreated(order);
      }
      await uploadAndSubmit(order);
    } catch (error) {
      setFailure(describeError(t, error));
    } finally {
      setSending(false);
    }
  };

  const retry = async () => {
    if (!created) return;
    setSending(true);
    setFailure(null);
    try {
      await uploadAndSubmit(created, failedKeys);
    } catch (error) {
      setFailure(describeError(t, error));
    } finally {
      setSending(false);
    }
  };

  if (mill.blocked) {
    return <Alert color="red">{t('orders.millBlocked', { mill: mill.company.name })}</Alert>;
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (failedKeys.length > 0) void retry();
        else void send();
      }}
    >
      <Stack maw={800}>
        {offered && (
          <DraftOffer
            draft={offered}
            onContinue={() => continueDraft(offered)}
            onDiscard={() => discardDraft(offered)}
            discarding={offer.discard.isPending}
          />
        )}
        <Text size="sm">{t('orders.newIntro', { mill: mill.company.name })}</Text>
        {continued && <Text size="sm">{t('orders.draftContinued')}</Text>}
        <TextInput
          label={t('orders.orderName')}
          required
          maxLength={ORDER_NAME_MAX}
          value={name}
          disabled={namesLocked}
          error={nameError}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        {components.map((component, index) => {
          const componentError = showErrors ? fieldError(COMPONENT_NAME_RULE, component.name) : null;
          const title = component.name.trim() || t('orders.componentNumber', { number: index + 1 });
          return (
            <Paper key={component.key} withBorder p="md" component="fieldset" style={{ margin: 0 }}>
              <Text component="legend" fw={600} px={4}>
                {t('orders.componentNumber', { number: index + 1 })}
              </Text>
              <Stack gap="sm">
                <Group align="flex-end" wrap="nowrap">
                  <TextInput
                    label={t('orders.componentName')}
                    required
                    maxLength={COMPONENT_NAME_MAX}
                    value={component.name}
                    disabled={namesLocked}
                    error={componentError}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      update(component.key, (current) => ({ ...current, name: value }));
                    }}
                    style={{ flex: 1 }}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    mb={componentError ? 22 : 2}
                    disabled={namesLocked || components.length === 1}
                    aria-label={t('orders.removeComponent', { name: title })}
                    onClick={() => setComponents((current) => current.filter((item) => item.key !== component.key))}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
                <DocumentDropZone
                  label={t('orders.filesOf', { name: title })}
                  files={component.files}
                  received={component.received}
                  uploads={uploads}
                  disabled={filesLocked}
                  onAdd={(files) =>
                    update(component.key, (current) => ({
                      ...current,
                      files: [...current.files, ...pickFiles(filesToAdd(current, files))],
                    }))
                  }
                  onRemove={(key) =>
                    update(component.key, (current) => ({ ...current, files: current.files.filter((file) => file.key !== key) }))
                  }
                />
              </Stack>
            </Paper>
          );
        })}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={namesLocked}
            onClick={() => setComponents((current) => [...current, newComponent()])}
          >
            {t('orders.addComponent')}
          </Button>
        </Group>
        {allJobs.length > 0 && (
          <Stack gap={4}>
            <Text size="sm">{t('orders.overallProgress')}</Text>
            <OverallProgress jobs={allJobs} uploads={uploads} />
          </Stack>
        )}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group>
          {failedKeys.length > 0 ? (
            <Button type="submit" loading={sending} leftSection={<IconSend size={16} aria-hidden />}>
              {t('orders.retryUploads')}
            </Button>
          ) : (
            <Button type="submit" loading={sending} leftSection={<IconSend size={16} aria-hidden />}>
              {t('orders.send')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

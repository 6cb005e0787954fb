import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import type { MillSummary } from '@casebridge/shared/schemas/auth';
import { createOrderBodySchema, type DraftOrder } from '@casebridge/shared/schemas/orders';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { markFormsSaved, useUnsavedChangesGuard } from '../../../components/use-unsaved-changes-guard.ts';
import { describeError } from '../../../lib/error-message.ts';
import { checkField } from '../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { ordersPath } from '../../../lib/order-paths.ts';
import { useCreateOrder, useSubmitOrder, type CreatedOrder } from '../api/orders-api.ts';
import { forgetUploads } from '../api/uploads.ts';
import type { ReceivedFile } from './document-drop-zone.tsx';
import { pickFiles, type PickedFile } from './document-picker.ts';
import { useDocumentUploads, type UploadJob } from './use-document-uploads.ts';
import { useOfferedDraft } from './use-offered-draft.ts';

export interface DraftComponent {
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

export const ORDER_NAME_RULE = createOrderBodySchema.shape.name;
export const COMPONENT_NAME_RULE = createOrderBodySchema.shape.components.element.shape.name;

/** The order's components: each one's name and chosen files, kept in the browser until the order is sent. */
function useDraftComponents() {
  const [components, setComponents] = useState<DraftComponent[]>(() => [newComponent()]);
  const update = (key: string, change: (component: DraftComponent) => DraftComponent) =>
    setComponents((current) => current.map((component) => (component.key === key ? change(component) : component)));
  return {
    components,
    add: () => setComponents((current) => [...current, newComponent()]),
    remove: (key: string) => setComponents((current) => current.filter((item) => item.key !== key)),
    rename: (key: string, name: string) => update(key, (current) => ({ ...current, name })),
    addFiles: (key: string, files: File[]) =>
      update(key, (current) => ({ ...current, files: [...current.files, ...pickFiles(filesToAdd(current, files))] })),
    removeFile: (key: string, fileKey: string) =>
      update(key, (current) => ({ ...current, files: current.files.filter((file) => file.key !== fileKey) })),
    /** The components of an unfinished order, with what already arrived. */
    takeUp: (draft: DraftOrder) => setComponents(draft.components.map((component) => newComponent(component.name, component.documents))),
  };
}

export type DraftComponents = ReturnType<typeof useDraftComponents>;

/** Creating the order once, uploading what is still missing, then submitting it; failed files keep the page open. */
function useOrderSending(mill: MillSummary, name: string, components: DraftComponent[]) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [created, setCreated] = useState<CreatedOrder | null>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [failedKeys, setFailedKeys] = useState<string[]>([]);
  const { uploads, run } = useDocumentUploads();
  const createOrder = useCreateOrder(mill.id);
  const submitOrder = useSubmitOrder(mill.id);

  const jobsFor = (order: CreatedOrder): UploadJob[] =>
    components.flatMap((component, index) =>
      component.files
        .filter((picked) => !picked.rejected)
        .map((picked) => ({ key: picked.key, file: picked.file, orderId: order.id, componentId: order.components[index]!.id })),
    );

  const uploadAndSubmit = async (order: CreatedOrder, onlyKeys?: string[]) => {
    // Files that already arrived are never sent twice.
    const jobs = jobsFor(order).filter((job) => uploads[job.key]?.status !== 'done' && (!onlyKeys || onlyKeys.includes(job.key)));
    const failed = await run(jobs);
    setFailedKeys(failed);
    if (failed.length > 0) {
      setFailure(t('orders.someUploadsFailed', { count: failed.length }));
      return;
    }
    await submitOrder.mutateAsync(order.id);
    markFormsSaved();
    notifySuccess(t('orders.sent'));
    void navigate(ordersPath('lab'));
  };

  const attempt = async (step: () => Promise<void>) => {
    setSending(true);
    setFailure(null);
    try {
      await step();
    } catch (error) {
      setFailure(describeError(t, error));
    } finally {
      setSending(false);
    }
  };

  const send = () =>
    attempt(async () => {
      let order = created;
      if (!order) {
        const body = { name: name.trim(), components: components.map((component) => ({ name: component.name.trim() })) };
        order = await createOrder.mutateAsync(body);
        setCreated(order);
      }
      await uploadAndSubmit(order);
    });

  const retry = async () => {
    if (created) await attempt(() => uploadAndSubmit(created, failedKeys));
  };

  return { created, setCreated, sending, failure, failedKeys, uploads, allJobs: created ? jobsFor(created) : [], send, retry };
}

/** The unfinished order offered to continue, and its discarding after a confirmation. */
function useDraftOffer(millId: number) {
  const { t } = useTranslation();
  const offer = useOfferedDraft(millId);
  const discard = (draft: DraftOrder) =>
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
  return { draft: offer.draft, discard, discarding: offer.discard.isPending };
}

/**
 * The new order's state: its name and components (checked with the shared rules when sent), the
 * sending, and the unfinished order offered to continue.
 */
export function useNewOrder(mill: MillSummary) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const [continued, setContinued] = useState(false);
  const draft = useDraftComponents();
  const sending = useOrderSending(mill, name, draft.components);
  const offer = useDraftOffer(mill.id);
  const dirty = name.trim() !== '' || draft.components.some((component) => component.name.trim() !== '' || component.files.length > 0);
  useUnsavedChangesGuard(dirty);

  const nameError = (rule: z.ZodType, value: string): string | null => {
    const broken = checkField(rule, 'name', value);
    return broken ? t(broken.key, broken.values) : null;
  };

  /** Takes up an order whose sending stopped: its names, components and what already arrived. */
  const continueDraft = (order: DraftOrder) => {
    setName(order.name);
    draft.takeUp(order);
    sending.setCreated({ id: order.id, name: order.name, components: order.components.map(({ id, name }) => ({ id, name })) });
    setContinued(true);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    // After failed uploads only those are retried; the names are the server's by then.
    if (sending.failedKeys.length > 0) return void sending.retry();
    setShowErrors(true);
    if (nameError(ORDER_NAME_RULE, name) || draft.components.some((component) => nameError(COMPONENT_NAME_RULE, component.name))) return;
    void sending.send();
  };

  return {
    name,
    setName,
    continued,
    draft,
    sending,
    // While sending, the order being created is not offered back (the drafts refresh once it exists).
    offered: sending.created || sending.sending ? null : offer.draft,
    offer,
    /** A name's error once sending was tried, in the person's language. */
    errorOf: (rule: z.ZodType, value: string) => (showErrors ? nameError(rule, value) : null),
    continueDraft,
    submit,
  };
}

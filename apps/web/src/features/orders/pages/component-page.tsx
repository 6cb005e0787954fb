import { Alert, Anchor, Button, Card, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconArrowLeft, IconDownload, IconUpload } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { COMPONENT_STATUSES } from '@casebridge/shared/constants/orders';
import type { ComponentDetail } from '@casebridge/shared/schemas/orders';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Loading } from '../../../components/loading.tsx';
import { describeError } from '../../../lib/error-message.ts';
import { followLink } from '../../../lib/follow-link.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { ordersPath, type WorkspaceSide } from '../../../lib/order-paths.ts';
import { useSession } from '../../../lib/session.ts';
import {
  componentQuery,
  ordersApi,
  useComponent,
  useDeleteDownload,
  useResponsiblePersons,
  useSetResponsible,
  useUpdateComponentStatus,
} from '../api/orders-api.ts';
import { DocumentDropZone } from '../components/document-drop-zone.tsx';
import { pickFiles, type PickedFile } from '../components/document-picker.ts';
import { FileList, type ListedFile } from '../components/file-list.tsx';
import { MessageForm, MessageThread } from '../components/message-thread.tsx';
import { personName } from '../components/orders-table.tsx';
import { PreviewDialog } from '../components/preview-dialog.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { UploadDownloadDialog } from '../components/upload-download-dialog.tsx';
import { useDocumentUploads } from '../components/use-document-uploads.ts';

const NOBODY = 'none';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </div>
  );
}

/** Spec §2 component page, for both sides: the mill may change things, the lab reads and writes messages. */
export function ComponentPage() {
  const { t } = useTranslation();
  const { session } = useSession();
  const params = useParams();
  const projectId = Number(params.projectId);
  const componentId = Number(params.id);
  const side: WorkspaceSide = session?.user.role.type === 'mill' ? 'mill' : 'lab';
  const component = useComponent(projectId, componentId);
  if (component.isPending) return <Loading />;
  if (component.isError) {
    return (
      <Stack>
        <BackLink side={side} />
        <Alert color="red">{describeError(t, component.error)}</Alert>
      </Stack>
    );
  }
  return <ComponentView detail={component.data} side={side} />;
}

function BackLink({ side }: { side: WorkspaceSide }) {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={ordersPath(side)} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden />
        {t('orders.backToOrders')}
      </Group>
    </Anchor>
  );
}

export function ComponentView({ detail, side }: { detail: ComponentDetail; side: WorkspaceSide }) {
  const { t } = useTranslation();
  const { project } = detail;
  const isMill = side === 'mill';
  const [preview, setPreview] = useState<ListedFile | null>(null);
  const [uploading, setUploading] = useState(false);
  const { refetch, downloadAll, download } = useComponentFiles(detail);
  const confirmDelete = useConfirmDeleteDownload(detail.project.millId);

  return (
    <Stack gap="md">
      <BackLink side={side} />
      <Heading detail={detail} />
      <OrderFacts detail={detail} isMill={isMill} />

      <FilesCard
        title={t('orders.documents')}
        action={
          isMill && (
            <Button
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
              disabled={project.isDeleted || detail.documents.length === 0}
              onClick={() => void downloadAll()}
            >
              {t('orders.downloadAll')}
            </Button>
          )
        }
      >
        <FileList files={detail.documents} label={t('orders.documents')} onDownload={download} onPreview={setPreview} />
        {!isMill && !project.isDeleted && <LabDocumentUpload detail={detail} onUploaded={() => void refetch()} />}
      </FilesCard>

      <FilesCard
        title={t('orders.downloads')}
        action={
          isMill && (
            <Button
              variant="light"
              leftSection={<IconUpload size={16} aria-hidden />}
              disabled={project.isDeleted}
              onClick={() => setUploading(true)}
            >
              {t('orders.uploadFile')}
            </Button>
          )
        }
      >
        <FileList
          files={detail.downloads}
          label={t('orders.downloads')}
          onDownload={download}
          onPreview={setPreview}
          onDelete={isMill ? confirmDelete : undefined}
        />
      </FilesCard>

      <MessagesCard detail={detail} side={side} />

      <PreviewDialog file={preview} onClose={() => setPreview(null)} onDownload={download} />
      {isMill && (
        <UploadDownloadDialog
          opened={uploading}
          projectId={project.id}
          componentId={detail.id}
          onClose={() => setUploading(false)}
          onUploaded={() => {
            setUploading(false);
            notifySuccess(t('orders.documentUploaded'));
            void refetch();
          }}
        />
      )}
    </Stack>
  );
}

/** Status and responsible person: only mill users change them (spec §6). */
function MillControls({ detail }: { detail: ComponentDetail }) {
  const { t } = useTranslation();
  const { project } = detail;
  const persons = useResponsiblePersons(project.millId);
  const updateStatus = useUpdateComponentStatus(detail);
  const setResponsible = useSetResponsible(detail);
  const options = [
    { value: NOBODY, label: t('orders.nobody') },
    ...(persons.data ?? []).map((person) => ({ value: String(person.id), label: personName(person) ?? '' })),
  ];
  // The current person stays selectable even before the list has loaded.
  if (project.responsible && !options.some((option) => option.value === String(project.responsible!.id))) {
    options.push({ value: String(project.responsible.id), label: personName(project.responsible) ?? '' });
  }
  return (
    <Group mt="md" align="flex-end">
      <Select
        label={t('orders.statusLabel')}
        data={COMPONENT_STATUSES.map((status) => ({ value: status, label: t(`orders.status.${status}`) }))}
        value={detail.status}
        allowDeselect={false}
        disabled={updateStatus.isPending}
        onChange={(value) =>
          value &&
          value !== detail.status &&
          updateStatus.mutate(value, {
            onSuccess: () => notifySuccess(t('orders.componentUpdated')),
            onError: (error) => notifyError(t, error),
          })
        }
        w={200}
      />
      <Select
        label={t('orders.responsible')}
        data={options}
        value={project.responsible ? String(project.responsible.id) : NOBODY}
        allowDeselect={false}
        disabled={setResponsible.isPending}
        onChange={(value) => {
          if (!value) return;
          const next = value === NOBODY ? null : Number(value);
          if (next === (project.responsible?.id ?? null)) return;
          setResponsible.mutate(next, {
            onSuccess: () => notifySuccess(t('orders.orderUpdated')),
            onError: (error) => notifyError(t, error),
          });
        }}
        w={240}
      />
    </Group>
  );
}

/** A lab may send more documents to a component it already sent (tus, as for a new order). */
function LabDocumentUpload({ detail, onUploaded }: { detail: ComponentDetail; onUploaded: () => void }) {
  const { t } = useTranslation();
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [busy, setBusy] = useState(false);
  const { uploads, run, reset } = useDocumentUploads();
  const pending = files.filter((file) => !file.rejected && uploads[file.key]?.status !== 'done');

  const upload = async () => {
    setBusy(true);
    const failed = await run(
      pending.map((file) => ({ key: file.key, file: file.file, orderId: detail.project.id, componentId: detail.id })),
    );
    setBusy(false);
    const succeeded = pending.length - failed.length;
    if (succeeded > 0) {
      notifySuccess(t('orders.documentUploaded'));
      onUploaded();
    }
    if (failed.length === 0) {
      setFiles([]);
      reset();
    } else {
      // Keep only what failed (or was refused), so another try sends just those.
      setFiles((current) => current.filter((file) => file.rejected || failed.includes(file.key)));
    }
  };

  return (
    <Stack gap="xs" mt="sm">
      <DocumentDropZone
        label={t('orders.addDocuments')}
        files={files}
        uploads={uploads}
        disabled={busy}
        onAdd={(added) => setFiles((current) => [...current, ...pickFiles(added)])}
        onRemove={(key) => setFiles((current) => current.filter((file) => file.key !== key))}
      />
      {files.length > 0 && (
        <Group>
          <Button
            leftSection={<IconUpload size={16} aria-hidden />}
            loading={busy}
            disabled={pending.length === 0}
            onClick={() => void upload()}
          >
            {t('orders.uploadDocuments')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** The order's facts; on the mill's side its status and responsible person can be changed here. */
function OrderFacts({ detail, isMill }: { detail: ComponentDetail; isMill: boolean }) {
  const { t } = useTranslation();
  const { project } = detail;
  const author = project.author ? `${project.author.firstName} ${project.author.lastName}`.trim() : null;
  return (
    <Card withBorder>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        <Field label={t('orders.orderId')}>#{project.id}</Field>
        <Field label={t('orders.name')}>{project.name}</Field>
        <Field label={t('orders.client')}>{project.client.name}</Field>
        <Field label={t('orders.author')}>{author ? `${author} (${project.author!.companyName})` : '—'}</Field>
        <Field label={t('orders.created')}>{formatDateTime(project.created_at)}</Field>
        {!isMill && (
          <>
            <Field label={t('orders.responsible')}>{personName(project.responsible) ?? t('orders.nobody')}</Field>
            <Field label={t('orders.statusLabel')}>
              <StatusBadge status={detail.status} />
            </Field>
          </>
        )}
      </SimpleGrid>
      {isMill && <MillControls detail={detail} />}
    </Card>
  );
}

function MessagesCard({ detail, side }: { detail: ComponentDetail; side: WorkspaceSide }) {
  const { t } = useTranslation();
  const { project } = detail;
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('orders.messages')}
        </Title>
        <MessageThread messages={detail.messages} viewerSide={side} />
        <MessageForm millId={project.millId} projectId={project.id} componentId={detail.id} disabled={project.isDeleted} />
      </Stack>
    </Card>
  );
}

/** A file the mill handed back is deleted only after a confirmation. */
function useConfirmDeleteDownload(millId: number) {
  const { t } = useTranslation();
  const deleteDownload = useDeleteDownload(millId);
  return (file: ListedFile) =>
    openConfirmDialog({
      title: t('orders.deleteDocumentTitle'),
      message: t('orders.deleteDocumentMessage', { name: file.name }),
      confirmLabel: t('common.delete'),
      cancelLabel: t('common.cancel'),
      danger: true,
      onConfirm: () =>
        deleteDownload.mutate(file.id, {
          onSuccess: () => notifySuccess(t('orders.documentDeleted')),
          onError: (error) => notifyError(t, error),
        }),
    });
}

/** A card of files under its heading, with the side's action beside the heading. */
function FilesCard({ title, action, children }: { title: string; action: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h3">
            {title}
          </Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

function Heading({ detail }: { detail: ComponentDetail }) {
  const { t } = useTranslation();
  return (
    <>
      <Title order={1}>{detail.displayName || detail.name}</Title>
      {detail.project.isDeleted && (
        <Alert color="red" title={t('orders.deletedTitle')}>
          {t('orders.deletedNotice')}
        </Alert>
      )}
    </>
  );
}

/** Following the component's file links; the component is read again where a download changes its status. */
function useComponentFiles(detail: ComponentDetail) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refetch = () => queryClient.invalidateQueries({ queryKey: componentQuery(detail.project.id, detail.id).queryKey });
  const follow = (getLink: () => Promise<{ url: string }>) => followLink(getLink).catch((error: unknown) => notifyError(t, error));
  const downloadAll = async () => {
    await follow(() => ordersApi.componentDocumentsLink(detail.project.id, detail.id));
    // The status turns Downloaded once the server has sent the archive; look again shortly after.
    void refetch();
    window.setTimeout(() => void refetch(), 2000);
  };
  const download = (file: { id: number }) => void follow(() => ordersApi.fileLink(file.id));
  return { refetch, downloadAll, download };
}

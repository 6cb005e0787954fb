import { Alert, Anchor, Badge, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconRefreshAlert, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { FileField } from '../../../components/file-field.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
import { describeError } from '../../../lib/error-message.ts';
import { extensionOf } from '@casebridge/shared/constants/orders';
import { formatBytes } from '@casebridge/shared/format/bytes';
import { formatDateTime } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import {
  usePolicyDocuments,
  usePublishPolicy,
  useRequireApprovalAgain,
  type PolicyDocument,
  type PolicyKind,
  type PolicyLanguage,
} from '../api/policies-api.ts';

/** The operator's signed policy documents: list, publish a new PDF, ask mills to approve again. */
export function PoliciesPage() {
  const { t } = useTranslation();
  const documents = usePolicyDocuments();
  const requireApproval = useRequireApprovalAgain();

  const columns: DataTableColumn<PolicyDocument>[] = [
    { key: 'kind', header: t('policies.kind'), render: (doc) => t(`policies.kinds.${doc.kind}`) },
    { key: 'language', header: t('policies.language'), render: (doc) => doc.language.toUpperCase() },
    { key: 'title', header: t('policies.titleColumn'), render: (doc) => doc.title },
    {
      key: 'active',
      header: t('policies.active'),
      render: (doc) =>
        doc.active ? (
          <Badge color="green">{t('policies.activeYes')}</Badge>
        ) : (
          <Badge color="gray" variant="light">
            {t('policies.activeNo')}
          </Badge>
        ),
    },
    { key: 'date', header: t('policies.date'), render: (doc) => formatDateTime(doc.createdAt) },
    {
      key: 'link',
      header: t('policies.document'),
      render: (doc) => (
        <Anchor
          size="sm"
          href={doc.url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('policies.openNamed', { title: doc.title })}
        >
          <Group gap={4} wrap="nowrap">
            {t('policies.open')}
            <IconExternalLink size={14} aria-hidden />
          </Group>
        </Anchor>
      ),
    },
  ];

  const askAgain = () =>
    openConfirmDialog({
      title: t('policies.requireApprovalTitle'),
      message: t('policies.requireApprovalMessage'),
      confirmLabel: t('policies.requireApproval'),
      cancelLabel: t('common.cancel'),
      danger: true,
      onConfirm: () =>
        requireApproval.mutate(undefined, {
          onSuccess: ({ mills }) => notifySuccess(t('policies.requireApprovalDone', { count: mills })),
          onError: (error) => notifyError(t, error),
        }),
    });

  return (
    <Page title={t('policies.title')}>
      <PublishForm />
      <Group justify="space-between" mt="md">
        <Title order={2} size="h3">
          {t('policies.published')}
        </Title>
        <Button
          variant="light"
          color="orange"
          leftSection={<IconRefreshAlert size={16} aria-hidden />}
          loading={requireApproval.isPending}
          onClick={askAgain}
        >
          {t('policies.requireApproval')}
        </Button>
      </Group>
      {documents.isPending ? (
        <Loading />
      ) : documents.isError ? (
        <Alert color="red">{describeError(t, documents.error)}</Alert>
      ) : (
        <DataTable columns={columns} rows={documents.data} rowKey={(doc) => doc.id} />
      )}
    </Page>
  );
}

function PublishForm() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<PolicyKind>('terms-of-service');
  const [language, setLanguage] = useState<PolicyLanguage>('en');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const publish = usePublishPolicy();

  const choose = (files: File[]) => {
    const [chosen] = files;
    if (!chosen || files.length !== 1) return setFileError(t('orders.exactlyOneFile'));
    if (extensionOf(chosen.name) !== 'pdf') {
      setFile(null);
      return setFileError(t('policies.pdfOnly'));
    }
    setFileError(null);
    setFile(chosen);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) return setFileError(t('policies.pdfOnly'));
    publish.mutate(
      { kind, language, file },
      {
        onSuccess: () => {
          setFile(null);
          notifySuccess(t('policies.publishedToast'));
        },
        onError: (error) => notifyError(t, error),
      },
    );
  };

  return (
    <Card withBorder>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h3">
            {t('policies.publishTitle')}
          </Title>
          <Group align="flex-end">
            <Select
              label={t('policies.kindLabel')}
              data={(['terms-of-service', 'data-processing'] as const).map((value) => ({ value, label: t(`policies.kinds.${value}`) }))}
              value={kind}
              onChange={(value) => value && setKind(value)}
              allowDeselect={false}
              w={260}
            />
            <Select
              label={t('policies.language')}
              data={[
                { value: 'en', label: 'EN' },
                { value: 'de', label: 'DE' },
              ]}
              value={language}
              onChange={(value) => value && setLanguage(value)}
              allowDeselect={false}
              w={120}
            />
          </Group>
          <Group>
            <FileField label={t('policies.pdfFile')} accept=".pdf,application/pdf" onFiles={choose} />
            <Text size="sm" c={file ? undefined : 'dimmed'} aria-live="polite">
              {file ? `${file.name} (${formatBytes(file.size)})` : t('orders.noFileChosen')}
            </Text>
          </Group>
          {fileError && (
            <Text size="sm" c="red" role="alert">
              {fileError}
            </Text>
          )}
          <Group>
            <Button type="submit" leftSection={<IconUpload size={16} aria-hidden />} loading={publish.isPending}>
              {t('policies.publish')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

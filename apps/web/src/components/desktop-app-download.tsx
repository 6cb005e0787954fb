import { Alert, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconExternalLink } from '@tabler/icons-react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getDesktopApp } from '@casebridge/shared/contracts/desktop-app';
import type { DesktopAppRelease } from '@casebridge/shared/schemas/desktop-app';
import { formatBytes } from '@casebridge/shared/format/bytes';
import { endpointQuery } from '../lib/endpoint-query.ts';
import { describeError } from '../lib/error-message.ts';

/** The release on offer; the manager's settings page refreshes it after a save. */
export const desktopAppQuery = queryOptions({ ...endpointQuery(getDesktopApp, {}), select: (response) => response.release });

/**
 * The desktop app's version, release notes and download (spec §2 desktop-app; issue 24 item 9).
 * Opening the page asks only what is on offer, which never fails for a missing app; the download
 * is a plain link the browser follows on click: an uploaded installer comes back as an attachment,
 * so the page stays, and an external link opens in a new tab.
 */
export function DesktopAppDownload() {
  const { t } = useTranslation();
  const release = useQuery(desktopAppQuery);
  if (release.isPending) return <Skeleton h={36} w={240} />;
  if (release.isError) return <Alert color="red">{describeError(t, release.error)}</Alert>;
  if (!release.data) {
    return (
      <Alert color="gray" title={t('desktopApp.notFound')}>
        {t('desktopApp.notAvailable')}
      </Alert>
    );
  }
  return <Release release={release.data} />;
}

function Release({ release }: { release: DesktopAppRelease }) {
  const { t } = useTranslation();
  const file = release.kind === 'file';
  return (
    <Stack gap="sm" align="flex-start">
      {release.version && (
        <Title order={2} size="h4">
          {t('desktopApp.version', { version: release.version })}
        </Title>
      )}
      {release.releaseNotes && (
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {t('desktopApp.releaseNotes')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {release.releaseNotes}
          </Text>
        </Stack>
      )}
      <Button
        component="a"
        href={release.url}
        {...(file ? { download: release.fileName ?? true } : { target: '_blank', rel: 'noopener noreferrer' })}
        leftSection={file ? <IconDownload size={18} aria-hidden /> : <IconExternalLink size={18} aria-hidden />}
      >
        {t('desktopApp.download')}
      </Button>
      {file && release.fileName && (
        <Text size="xs" c="dimmed">
          {release.fileSize === null ? release.fileName : `${release.fileName} (${formatBytes(release.fileSize)})`}
        </Text>
      )}
    </Stack>
  );
}

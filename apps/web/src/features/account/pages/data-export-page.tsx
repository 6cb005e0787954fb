import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { describeError } from '../../../lib/error-message.ts';
import { fetchDataExport } from '../api/personal-data-api.ts';

/**
 * Where the mailed link leads (signed in: the router's guard signs in first). The download is a
 * click, not an effect: the link works once, and a page shown twice must not use it up unseen.
 */
export function DataExportPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const save = useMutation({
    mutationFn: async () => {
      const { blob, filename } = await fetchDataExport(token);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = filename;
      link.click();
      URL.revokeObjectURL(link.href);
    },
  });
  return (
    <Stack maw={560} gap="md">
      <Title order={2}>{t('personalData.downloadPageTitle')}</Title>
      <Text>{t('personalData.downloadPageText')}</Text>
      {save.error && <Alert color="red">{describeError(t, save.error)}</Alert>}
      {save.isSuccess && <Alert color="green">{t('personalData.downloaded')}</Alert>}
      <Button onClick={() => save.mutate()} loading={save.isPending} disabled={save.isSuccess} style={{ alignSelf: 'flex-start' }}>
        {t('personalData.downloadButton')}
      </Button>
    </Stack>
  );
}

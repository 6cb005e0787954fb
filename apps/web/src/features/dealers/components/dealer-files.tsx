import { Anchor, Avatar, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Dealer } from '@casebridge/shared/schemas/dealers';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FileField } from '../../../components/file-field.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { fetchDealerConfigFile, useDealerFile } from '../api/dealers-api.ts';

/**
 * Spec §5 uploads of a saved dealer: the logo (an image) and, for a FixedFile configuration, one
 * `.json` file. A chosen file is uploaded at once, apart from the form's Save, so the form never
 * holds a file the server has not checked.
 */
export function DealerLogoInput({ dealer, disabled }: { dealer: Dealer | null; disabled: boolean }) {
  const { t } = useTranslation();
  const upload = useDealerFile('logo');
  if (!dealer)
    return (
      <Text size="sm" c="dimmed">
        {t('dealers.files.saveFirst')}
      </Text>
    );
  const send = (file: File | null) =>
    upload.mutate(
      { id: dealer.id, file },
      {
        onSuccess: () => notifySuccess(t(file ? 'dealers.files.logoSaved' : 'dealers.files.logoRemoved')),
        onError: (error) => notifyError(t, error),
      },
    );
  const remove = () =>
    openConfirmDialog({
      title: t('dealers.files.removeLogoTitle'),
      message: t('dealers.files.removeLogoMessage', { name: dealer.name }),
      confirmLabel: t('dealers.files.removeLogo'),
      cancelLabel: t('common.cancel'),
      onConfirm: () => send(null),
    });
  return (
    <Group align="center" wrap="wrap">
      <Text size="sm" fw={500}>
        {t('dealers.files.logo')}
      </Text>
      <Avatar src={dealer.logo?.url} size="lg" radius="sm" alt={t('dealers.files.logoAlt', { name: dealer.name })} />
      <FileField
        label={t(dealer.logo ? 'dealers.files.replaceLogo' : 'dealers.files.chooseLogo')}
        accept="image/png,image/jpeg,image/gif,image/webp"
        onFiles={([file]) => file && send(file)}
        disabled={disabled || upload.isPending}
        variant="default"
      />
      {dealer.logo && (
        <Button variant="subtle" color="red" onClick={remove} disabled={disabled} loading={upload.isPending}>
          {t('dealers.files.removeLogo')}
        </Button>
      )}
    </Group>
  );
}

export function DealerConfigFileInput({ dealer, disabled }: { dealer: Dealer | null; disabled: boolean }) {
  const { t } = useTranslation();
  const upload = useDealerFile('configuration-file');
  if (!dealer)
    return (
      <Text size="sm" c="dimmed">
        {t('dealers.files.saveFirst')}
      </Text>
    );
  const stored = dealer.configuration.fixedConfigFile;
  const download = async () => {
    try {
      const json = await fetchDealerConfigFile(dealer.id);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([JSON.stringify(json, null, 2)], { type: 'application/json' }));
      link.download = stored?.name ?? 'configuration.json';
      link.click();
      URL.revokeObjectURL(link.href);
    } catch (error) {
      notifyError(t, error);
    }
  };
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm" fw={500}>
        {t('dealers.files.configFile')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('dealers.files.configFileHint')}
      </Text>
      <FileField
        label={t('dealers.files.chooseConfigFile')}
        accept=".json,application/json"
        onFiles={([file]) =>
          file &&
          upload.mutate(
            { id: dealer.id, file },
            { onSuccess: () => notifySuccess(t('dealers.files.configSaved')), onError: (error) => notifyError(t, error) },
          )
        }
        disabled={disabled || upload.isPending}
      />
      <Text size="sm">
        {stored ? (
          <>
            {t('dealers.files.current')}{' '}
            <Anchor component="button" type="button" onClick={() => void download()}>
              {stored.name}
            </Anchor>
          </>
        ) : (
          <Text span c="dimmed" size="sm">
            {t('dealers.files.noConfigFile')}
          </Text>
        )}
      </Text>
    </Stack>
  );
}

import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiRequest } from '../lib/api-client.ts';
import { notifyError, TOAST_AUTO_CLOSE_MS } from '../lib/notify.ts';

/** Fetches the current installer link and lets the browser download it (spec §2 desktop-app). */
export function DesktopAppDownload() {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);

  const download = async () => {
    setLoading(true);
    try {
      const { url } = await apiRequest<{ url: string }>('/desktop-app');
      window.location.assign(url);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        notifications.show({ color: 'red', title: t('desktopApp.notFound'), message: t('desktopApp.notAvailable'), autoClose: TOAST_AUTO_CLOSE_MS });
      } else {
        notifyError(t, error);
      }
    } finally {
      setLoading(false);
    }
  };

  return (
    <Button leftSection={<IconDownload size={18} aria-hidden />} loading={loading} onClick={() => void download()} w="fit-content">
      {t('desktopApp.download')}
    </Button>
  );
}

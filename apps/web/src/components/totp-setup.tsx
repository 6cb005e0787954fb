import { Alert, Button, Code, Group, Image, Stack, Text } from '@mantine/core';
import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from './copy-button.tsx';

/** An authenticator's enrolment: the otpauth:// URI as a QR code, and its secret as text for typing in by hand. */
export function TotpSetup({ uri, secret }: { uri: string; secret: string }) {
  const { t } = useTranslation();
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    // Drawn in the browser: the secret never goes to an image service.
    toDataURL(uri, { margin: 1, width: 200 }).then(
      (url) => current && setImage(url),
      () => current && setImage(null),
    );
    return () => {
      current = false;
    };
  }, [uri]);
  return (
    <Stack gap="xs">
      <Text size="sm">{t('twoFactor.scan')}</Text>
      {image && <Image src={image} alt={t('twoFactor.qrAlt')} w={200} h={200} />}
      <Text size="sm">{t('twoFactor.typeSecret')}</Text>
      <Group gap="xs" wrap="nowrap">
        <Code data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
          {secret}
        </Code>
        <CopyButton value={secret} />
      </Group>
    </Stack>
  );
}

/** The ten recovery codes, shown once: copied or downloaded now, or lost. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  const text = codes.join('\n');
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    link.download = 'casebridge-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <Stack gap="xs">
      <Alert color="yellow">{t('twoFactor.recoveryOnce')}</Alert>
      <Code block data-testid="recovery-codes">
        {text}
      </Code>
      <Group gap="xs">
        <CopyButton value={text} label={t('twoFactor.copyCodes')} />
        <Button variant="subtle" size="compact-sm" onClick={download}>
          {t('twoFactor.downloadCodes')}
        </Button>
      </Group>
    </Stack>
  );
}

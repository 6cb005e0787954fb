import { ActionIcon, CopyButton as MantineCopyButton, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Copies a value to the clipboard; its name says what it copies (e.g. 'Copy public URL'). */
export function CopyButton({ value, label }: { value: string; label?: string }) {
  const { t } = useTranslation();
  const name = label ?? t('common.copy');
  return (
    <MantineCopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t('common.copied') : name} withArrow>
          <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={copied ? t('common.copied') : name}>
            {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </MantineCopyButton>
  );
}

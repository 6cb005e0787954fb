import { ActionIcon, Tooltip } from '@mantine/core';
import { IconShieldOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../lib/notify.ts';
import { openConfirmDialog } from './confirm-dialog.tsx';

export interface ResetSecondFactorButtonProps {
  /** The member's full name, in the label and the question. */
  name: string;
  onReset: (done: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
}

/**
 * An administrator's "Reset second factor" of a member who lost their phone (ADR 0020), asked
 * first: the authenticator and recovery codes are gone for good and the member enrols again at
 * their next sign-in; their open sessions end.
 */
export function ResetSecondFactorButton({ name, onReset }: ResetSecondFactorButtonProps) {
  const { t } = useTranslation();
  const confirm = () =>
    openConfirmDialog({
      title: t('twoFactor.resetTitle'),
      message: t('twoFactor.resetMessage', { name }),
      confirmLabel: t('twoFactor.reset'),
      cancelLabel: t('common.cancel'),
      danger: true,
      onConfirm: () =>
        onReset({
          onSuccess: () => notifySuccess(t('twoFactor.resetDone', { name })),
          onError: (error) => notifyError(t, error),
        }),
    });
  return (
    <Tooltip label={t('twoFactor.reset')} withArrow>
      <ActionIcon variant="subtle" color="orange" aria-label={t('twoFactor.resetNamed', { name })} onClick={confirm}>
        <IconShieldOff size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

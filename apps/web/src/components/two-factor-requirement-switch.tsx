import { Alert, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { describeError } from '../lib/error-message.ts';
import { notifyError, notifySuccess } from '../lib/notify.ts';
import { openConfirmDialog } from './confirm-dialog.tsx';

export interface TwoFactorRequirementSwitchProps {
  /** What is required of whom ("… for all staff of this mill"). */
  label: string;
  hint: string;
  /** The current setting; undefined while it loads. */
  required: boolean | undefined;
  /** How many of those it concerns have no second factor yet, when the API tells. */
  notEnrolled?: number;
  loadError?: unknown;
  pending: boolean;
  onChange: (required: boolean, done: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
}

/**
 * An administrator's "require two-factor sign-in" setting (ADR 0020), for a mill's staff or for
 * managers and dealers: either way is confirmed first, since turning it on locks out at the next
 * sign-in whoever has no authenticator until they enrol, and turning it off weakens every account.
 */
export function TwoFactorRequirementSwitch({
  label,
  hint,
  required,
  notEnrolled,
  loadError,
  pending,
  onChange,
}: TwoFactorRequirementSwitchProps) {
  const { t } = useTranslation();
  const confirm = (next: boolean) =>
    openConfirmDialog({
      title: t(next ? 'twoFactor.requireTitle' : 'twoFactor.unrequireTitle'),
      message: next
        ? [t('twoFactor.requireMessage'), notEnrolled ? t('twoFactor.notEnrolled', { count: notEnrolled }) : ''].join(' ').trim()
        : t('twoFactor.unrequireMessage'),
      confirmLabel: t(next ? 'twoFactor.requireConfirm' : 'twoFactor.unrequireConfirm'),
      cancelLabel: t('common.cancel'),
      danger: !next,
      onConfirm: () =>
        onChange(next, {
          onSuccess: () => notifySuccess(t(next ? 'twoFactor.requiredOn' : 'twoFactor.requiredOff')),
          onError: (error) => notifyError(t, error),
        }),
    });
  if (loadError) return <Alert color="red">{describeError(t, loadError)}</Alert>;
  return (
    <Stack gap={4}>
      <Switch
        label={label}
        description={hint}
        checked={required ?? false}
        disabled={required === undefined || pending}
        onChange={(event) => confirm(event.currentTarget.checked)}
      />
      {notEnrolled !== undefined && (
        <Text size="sm" c={notEnrolled > 0 ? 'orange.8' : 'dimmed'} data-testid="two-factor-not-enrolled">
          {notEnrolled > 0 ? t('twoFactor.notEnrolled', { count: notEnrolled }) : t('twoFactor.allEnrolled')}
        </Text>
      )}
    </Stack>
  );
}

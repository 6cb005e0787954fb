import { Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/notify.ts';
import { useSetTwoFactorRequirement, useTwoFactorRequirement } from '../api/mill-users-api.ts';

/** The mill admin's setting: every staff member signs in with a second factor (ADR 0020). */
export function TwoFactorRequirementSwitch({ millId }: { millId: number }) {
  const { t } = useTranslation();
  const requirement = useTwoFactorRequirement(millId);
  const set = useSetTwoFactorRequirement(millId);
  return (
    <Switch
      label={t('twoFactor.millRequirement')}
      description={t('twoFactor.millRequirementHint')}
      checked={requirement.data?.required ?? false}
      disabled={!requirement.data || set.isPending}
      onChange={(event) => set.mutate(event.currentTarget.checked, { onError: (error) => notifyError(t, error) })}
    />
  );
}

import { Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TwoFactorRequirementSwitch } from '../../../components/two-factor-requirement-switch.tsx';
import { usePlatformTwoFactorRequirement, useSetPlatformTwoFactorRequirement } from '../api/two-factor-requirement-api.ts';

/** The manager's setting: managers and dealer users sign in with a second factor (ADR 0020). */
export function PlatformTwoFactorRequirement() {
  const { t } = useTranslation();
  const requirement = usePlatformTwoFactorRequirement();
  const set = useSetPlatformTwoFactorRequirement();
  return (
    <Paper withBorder p="md" maw={520}>
      <TwoFactorRequirementSwitch
        label={t('twoFactor.platformRequirement')}
        hint={t('twoFactor.platformRequirementHint')}
        required={requirement.data?.required}
        loadError={requirement.error}
        pending={set.isPending}
        onChange={(required, done) => set.mutate(required, done)}
      />
    </Paper>
  );
}

import { useTranslation } from 'react-i18next';
import { TwoFactorRequirementSwitch } from '../../../components/two-factor-requirement-switch.tsx';
import { useSetTwoFactorRequirement, useTwoFactorRequirement } from '../api/two-factor-admin-api.ts';

/** The mill admin's setting: every staff member signs in with a second factor (ADR 0020). */
export function MillTwoFactorRequirement({ millId }: { millId: number }) {
  const { t } = useTranslation();
  const requirement = useTwoFactorRequirement(millId);
  const set = useSetTwoFactorRequirement(millId);
  return (
    <TwoFactorRequirementSwitch
      label={t('twoFactor.millRequirement')}
      hint={t('twoFactor.millRequirementHint')}
      required={requirement.data?.required}
      notEnrolled={requirement.data?.notEnrolled}
      loadError={requirement.error}
      pending={set.isPending}
      onChange={(required, done) => set.mutate(required, done)}
    />
  );
}

import { Divider, Stack } from '@mantine/core';
import { AccountSecuritySections } from '../features/account/components/account-tabs.tsx';
import { ManagerSettingsPage as ManagerSettings } from '../features/analytics/pages/manager-settings-page.tsx';
import { DealerSettingsPage as DealerSettings } from '../features/dealers/pages/dealer-settings-page.tsx';
import { PlatformTwoFactorRequirement } from '../features/manager/components/platform-two-factor-requirement.tsx';
import { useSession } from '../lib/session.ts';

/**
 * Managers and dealers have no account page: their settings page is their own page, so their
 * two-factor sign-in, passkeys, signed-in devices and "Your data" (the account feature's sections, as on the mill's and lab's
 * account page; the rule book gives every role `personalData.export` and `account.delete` on
 * itself) are mounted there, composed in the app layer because features never import each other.
 */
export function ManagerSettingsPage() {
  const { session } = useSession();
  const mayRequire = session?.actions.includes('platform.requireTwoFactor') ?? false;
  return (
    <ManagerSettings>
      <Stack gap="xl" mt="xl">
        {mayRequire && (
          <>
            <PlatformTwoFactorRequirement />
            <Divider />
          </>
        )}
        <AccountSecuritySections />
      </Stack>
    </ManagerSettings>
  );
}

export function DealerSettingsPage() {
  return (
    <DealerSettings>
      <Stack gap="xl" mt="xl">
        <Divider />
        <AccountSecuritySections />
      </Stack>
    </DealerSettings>
  );
}

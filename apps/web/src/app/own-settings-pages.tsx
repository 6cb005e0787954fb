import { Divider, Stack } from '@mantine/core';
import { TwoFactorSection } from '../features/account/components/two-factor-section.tsx';
import { ManagerSettingsPage as ManagerSettings } from '../features/analytics/pages/manager-settings-page.tsx';
import { DealerSettingsPage as DealerSettings } from '../features/dealers/pages/dealer-settings-page.tsx';
import { PlatformTwoFactorRequirement } from '../features/manager/components/platform-two-factor-requirement.tsx';
import { useSession } from '../lib/session.ts';

/**
 * Managers and dealers have no account page: their settings page is their own page, so their
 * two-factor sign-in (the account feature's section, as on the mill's and lab's account page) is
 * mounted there, composed in the app layer because features never import each other.
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
        <TwoFactorSection />
      </Stack>
    </ManagerSettings>
  );
}

export function DealerSettingsPage() {
  return (
    <DealerSettings>
      <Divider my="xl" />
      <TwoFactorSection />
    </DealerSettings>
  );
}

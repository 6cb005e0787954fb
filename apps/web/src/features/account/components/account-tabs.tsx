import { Divider, Stack } from '@mantine/core';
import type { User } from '@casebridge/shared/schemas/auth';
import { PasskeysSection } from './passkeys-section.tsx';
import { PasswordForm } from './password-form.tsx';
import { PersonalDataSection } from './personal-data-section.tsx';
import { ProfileForm } from './profile-form.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { SettingsForm } from './settings-form.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

export function ProfileTab({ user }: { user: User }) {
  return <ProfileForm key={user.id} user={user} />;
}

/** Spec §2 "Account": password change and two-factor sign-in and passkeys beside the notification and download settings; where one is signed in (ADR 0021). */
export function SettingsTab({ user }: { user: User }) {
  return (
    <Stack gap="xl">
      <SettingsForm key={user.id} user={user} />
      <Divider />
      <PasswordForm />
      <Divider />
      <AccountSecuritySections />
    </Stack>
  );
}

/**
 * How one signs in, where one is signed in, and one's data: on the mill's and lab's account page,
 * and on the manager's and dealer's settings page (their own page; composed in the app layer).
 */
export function AccountSecuritySections() {
  return (
    <>
      <TwoFactorSection />
      <Divider />
      <PasskeysSection />
      <Divider />
      <SessionsSection />
      <Divider />
      <PersonalDataSection />
    </>
  );
}

import { Anchor, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheckFilled, IconCircleDashed } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Onboarding } from '../api/onboarding-api.ts';

export interface ChecklistStep {
  key: keyof Onboarding;
  to: string;
  /** Only mill admins may open the settings pages. */
  adminOnly: boolean;
}

export const ONBOARDING_STEPS: ChecklistStep[] = [
  { key: 'companyDetails', to: '/mill/settings?tab=company-details', adminOnly: true },
  { key: 'landingPage', to: '/mill/settings?tab=landing-page', adminOnly: true },
  { key: 'firstClientInvited', to: '/mills/clients', adminOnly: false },
  { key: 'licenceKeys', to: '/mill/settings?tab=license-keys', adminOnly: true },
  { key: 'desktopAppAvailable', to: '/desktop-app', adminOnly: false },
];

/** A new mill's first steps, each ticked when the onboarding endpoint says it is done. */
export function OnboardingChecklist({ onboarding, isAdmin }: { onboarding: Onboarding; isAdmin: boolean }) {
  const { t } = useTranslation();
  const done = ONBOARDING_STEPS.filter((step) => onboarding[step.key]).length;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('millWelcome.progress', { done, total: ONBOARDING_STEPS.length })}
      </Text>
      <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('millWelcome.checklist')}>
        {ONBOARDING_STEPS.map((step) => {
          const isDone = onboarding[step.key];
          const canOpen = isAdmin || !step.adminOnly;
          return (
            <Paper component="li" key={step.key} withBorder p="sm">
              <Group wrap="nowrap" align="flex-start">
                <ThemeIcon
                  variant="transparent"
                  color={isDone ? 'teal' : 'gray'}
                  role="img"
                  aria-label={isDone ? t('millWelcome.done') : t('millWelcome.toDo')}
                >
                  {isDone ? <IconCircleCheckFilled size={22} aria-hidden /> : <IconCircleDashed size={22} aria-hidden />}
                </ThemeIcon>
                <Stack gap={2} style={{ flex: 1 }}>
                  <Text fw={600}>{t(`millWelcome.steps.${step.key}.title`)}</Text>
                  <Text size="sm" c="dimmed">
                    {t(`millWelcome.steps.${step.key}.text`)}
                  </Text>
                  {canOpen ? (
                    <Anchor component={Link} to={step.to} size="sm" w="fit-content">
                      {t(`millWelcome.steps.${step.key}.action`)}
                    </Anchor>
                  ) : (
                    !isDone && (
                      <Text size="sm" c="dimmed">
                        {t('millWelcome.askAdmin')}
                      </Text>
                    )
                  )}
                </Stack>
              </Group>
            </Paper>
          );
        })}
      </Stack>
    </Stack>
  );
}

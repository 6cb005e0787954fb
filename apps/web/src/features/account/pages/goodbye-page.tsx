import { Button, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { setDeletingAccount } from '../../../lib/session.ts';

/** After an account's deletion: the user is signed out (docs/privacy.md says what was kept). */
export function GoodbyePage() {
  const { t } = useTranslation();
  // The deletion is over: a later sign-out of this tab (another account) goes to the home page again.
  useEffect(() => setDeletingAccount(false), []);
  return (
    <Stack maw={560} gap="md" p="md">
      <Title order={1}>{t('personalData.goodbyeTitle')}</Title>
      <Text>{t('personalData.goodbyeText')}</Text>
      <Button component={Link} to="/" style={{ alignSelf: 'flex-start' }}>
        {t('personalData.goodbyeHome')}
      </Button>
    </Stack>
  );
}

import { Button, Container, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCloudUpload, IconMessages, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { openAuthDialog } from '../../../lib/auth-dialog-store.ts';
import { homeRouteFor } from '../../../lib/home-route.ts';
import { selectedMillFromStorage, useSession } from '../../../lib/session.ts';

const FEATURES = [
  { key: 'exchange', icon: IconCloudUpload },
  { key: 'messages', icon: IconMessages },
  { key: 'secure', icon: IconShieldLock },
] as const;

export function HomePage() {
  const { t } = useTranslation();
  const { session } = useSession();
  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <Stack gap="md" align="flex-start">
          <Title order={1}>{t('home.title')}</Title>
          <Text size="lg" c="dimmed">
            {t('home.pitch')}
          </Text>
          {session ? (
            <Button component={Link} to={homeRouteFor(session, selectedMillFromStorage(session)).path} size="md">
              {t('home.openWorkspace')}
            </Button>
          ) : (
            <Group>
              <Button size="md" onClick={() => openAuthDialog('signIn')}>
                {t('auth.signIn.submit')}
              </Button>
              <Button size="md" variant="outline" onClick={() => openAuthDialog('signUp')}>
                {t('auth.signUp.submit')}
              </Button>
            </Group>
          )}
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {FEATURES.map(({ key, icon: Icon }) => (
            <Stack key={key} gap="xs">
              <ThemeIcon size="lg" variant="light">
                <Icon size={20} aria-hidden />
              </ThemeIcon>
              <Title order={2} size="h4">
                {t(`home.features.${key}.title`)}
              </Title>
              <Text size="sm">{t(`home.features.${key}.text`)}</Text>
            </Stack>
          ))}
        </SimpleGrid>
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('home.audienceTitle')}
          </Title>
          <List spacing="xs">
            <List.Item>{t('home.audienceMills')}</List.Item>
            <List.Item>{t('home.audienceLabs')}</List.Item>
          </List>
        </Stack>
      </Stack>
    </Container>
  );
}

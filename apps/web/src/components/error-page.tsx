import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The error boundary screen of spec §8; it never shows technical details to the reader. */
export function ErrorPage() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={480}>
        <Title order={1}>{t('errorBoundary.title')}</Title>
        <Text ta="center">{t('errorBoundary.message')}</Text>
        <Button component="a" href="/">
          {t('errorBoundary.home')}
        </Button>
      </Stack>
    </Center>
  );
}

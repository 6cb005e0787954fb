import { Alert, Container, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PolicyDocuments } from '@casebridge/shared/schemas/account';
import { Loading } from '../../../components/loading.tsx';
import { describeError } from '../../../lib/error-message.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { usePolicyDocuments } from '../api/public-api.ts';

export type DocumentLanguage = 'en' | 'de';
type Urls = PolicyDocuments['termsOfService'];

/** Spec §2: the chosen language if it exists, else the other one, else nothing (plain text). */
export function pickDocument(urls: Urls, wanted: DocumentLanguage): { language: DocumentLanguage; url: string } | null {
  const other: DocumentLanguage = wanted === 'en' ? 'de' : 'en';
  if (urls[wanted]) return { language: wanted, url: urls[wanted] };
  if (urls[other]) return { language: other, url: urls[other] };
  return null;
}

export function PolicyDocument({ kind, title }: { kind: keyof PolicyDocuments; title: string }) {
  const { t } = useTranslation();
  const documents = usePolicyDocuments();
  const [wanted, setWanted] = useState<DocumentLanguage>(currentLanguage() === 'de' ? 'de' : 'en');
  const shown = documents.data ? pickDocument(documents.data[kind], wanted) : null;

  return (
    <Container size="lg" py="xl">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1}>{title}</Title>
          {shown && (
            <SegmentedControl
              aria-label={t('policy.documentLanguage')}
              value={shown.language}
              onChange={(value) => setWanted(value)}
              data={[
                { value: 'en', label: 'EN', disabled: !documents.data?.[kind].en },
                { value: 'de', label: 'DE', disabled: !documents.data?.[kind].de },
              ]}
            />
          )}
        </Group>
        {documents.isPending && <Loading />}
        {documents.isError && <Alert color="red">{describeError(t, documents.error)}</Alert>}
        {documents.isSuccess && !shown && <Text>{t('policy.notAvailable')}</Text>}
        {shown && (
          <iframe
            title={title}
            src={shown.url}
            style={{ width: '100%', height: '75vh', border: '1px solid var(--mantine-color-gray-3)' }}
          />
        )}
      </Stack>
    </Container>
  );
}

import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A public page of headed paragraphs. */
export function TextPage({ title, paragraphs, children }: { title: string; paragraphs: string[]; children?: ReactNode }) {
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>{title}</Title>
        {paragraphs.map((paragraph) => (
          <Text key={paragraph}>{paragraph}</Text>
        ))}
        {children}
      </Stack>
    </Container>
  );
}

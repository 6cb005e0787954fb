import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page with its one level-1 heading, which screen readers and the end-to-end tests look for. */
export function Page({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        {actions}
      </Stack>
      {children}
    </Stack>
  );
}

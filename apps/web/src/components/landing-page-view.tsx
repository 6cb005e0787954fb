import { Avatar, Group, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';

export interface LandingPageViewProps {
  companyName: string;
  logoUrl?: string | null;
  header: string;
  content: string;
  /** The public page names the mill in its h1; a preview inside another page starts lower. */
  headingLevel?: TitleOrder;
  actions?: ReactNode;
}

/**
 * A mill's landing page. Header and content are plain text that React escapes: whatever a mill
 * types (even `<script>`) shows as text and is never parsed as markup. Line breaks are kept.
 */
export function LandingPageView({ companyName, logoUrl, header, content, headingLevel = 1, actions }: LandingPageViewProps) {
  const sub = Math.min(headingLevel + 1, 6) as TitleOrder;
  return (
    <Stack>
      <Group wrap="nowrap">
        <Avatar src={logoUrl ?? undefined} size="xl" radius="sm" alt="" />
        <Title order={headingLevel}>{companyName}</Title>
      </Group>
      {header && <Title order={sub}>{header}</Title>}
      {content && (
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="landing-content">
          {content}
        </Text>
      )}
      {actions}
    </Stack>
  );
}

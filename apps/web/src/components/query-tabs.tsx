import { Stack, Tabs, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';

export interface QueryTab {
  value: string;
  label: string;
  panel: ReactNode;
}

/**
 * A page whose active tab lives in the `tab` query parameter (spec §2), so every tab has a
 * link of its own. The page heading is `title`, or else names the active tab.
 */
export interface QueryTabsPageProps {
  tabs: QueryTab[];
  defaultTab: string;
  title?: string;
  /** A line under the heading, e.g. whose record the page shows. */
  description?: ReactNode;
}

export function QueryTabsPage({ tabs, defaultTab, title, description }: QueryTabsPageProps) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active = tabs.find((tab) => tab.value === requested) ?? tabs.find((tab) => tab.value === defaultTab) ?? tabs[0];
  if (!active) return null;
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1}>{title ?? active.label}</Title>
        {description}
      </Stack>
      <Tabs value={active.value} onChange={(value) => value && setParams({ tab: value })} keepMounted={false}>
        <Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value} pt="md">
            {tab.panel}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

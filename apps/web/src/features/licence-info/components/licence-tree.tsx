import { Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LicenceDetail } from '@casebridge/shared/schemas/licence-tickets';
import { LicenceTreeItem } from './licence-tree-item.tsx';
import { pathOf, useLicenceTree } from './licence-tree-state.ts';

/**
 * Spec §3 licence details: a tree of codes with children, as the WAI-ARIA tree pattern has it
 * (keys and focus in licence-tree-state.ts). One item is in the tab order at a time.
 */
export function LicenceTree({ details, label }: { details: LicenceDetail[]; label: string }) {
  const { t } = useTranslation();
  const tree = useLicenceTree(details);
  if (details.length === 0) return <Text c="dimmed">{t('licenceInfo.empty')}</Text>;
  return (
    <Box component="ul" role="tree" aria-label={label} m={0} p={0}>
      {details.map((node, index) => (
        <LicenceTreeItem key={pathOf('', index)} node={node} parent="" index={index} level={1} tree={tree} />
      ))}
    </Box>
  );
}

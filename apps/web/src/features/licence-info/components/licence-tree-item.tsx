import { Badge, Box, Group, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconPoint } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LicenceDetail } from '@casebridge/shared/schemas/licence-tickets';
import { formatLicenceDate } from './licence-key.ts';
import { pathOf, type LicenceTreeState } from './licence-tree-state.ts';

/** What one node says: its code, name, product, count, expiry, and whether it is disabled. */
function NodeSummary({ node }: { node: LicenceDetail }) {
  const { t } = useTranslation();
  return (
    <>
      <Text fw={600} fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {node.code}
      </Text>
      <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {node.name}
      </Text>
      <Text fz="xs" c="dimmed">
        {t('licenceInfo.tree.meta', {
          productCode: node.productCode || '—',
          count: node.count,
          expiry: formatLicenceDate(node.expiryaDate),
        })}
      </Text>
      {!node.enable && (
        <Badge size="xs" color="gray" variant="light">
          {t('licenceInfo.tree.disabled')}
        </Badge>
      )}
    </>
  );
}

interface ItemProps {
  node: LicenceDetail;
  parent: string;
  index: number;
  level: number;
  tree: LicenceTreeState;
}

/** One tree item and, while it is open, its children's group. */
export function LicenceTreeItem({ node, parent, index, level, tree }: ItemProps) {
  const path = pathOf(parent, index);
  const children = node.children ?? [];
  const hasChildren = children.length > 0;
  const isOpen = hasChildren && tree.open.has(path);
  const Chevron = !hasChildren ? IconPoint : isOpen ? IconChevronDown : IconChevronRight;
  return (
    <li
      role="treeitem"
      aria-level={level}
      aria-expanded={hasChildren ? isOpen : undefined}
      aria-label={`${node.code} ${node.name}`}
      tabIndex={tree.focusedPath === path ? 0 : -1}
      ref={tree.register(path)}
      onKeyDown={(event) => tree.onKeyDown(event, { path, parent: parent || null, node, hasChildren })}
      onFocus={(event) => {
        if (event.target === event.currentTarget) tree.setFocused(path);
      }}
      style={{ listStyle: 'none', outlineOffset: 2 }}
    >
      <Group
        gap={6}
        wrap="wrap"
        py={4}
        pl={(level - 1) * 16}
        onClick={(event) => {
          event.stopPropagation();
          tree.focus(path);
          if (hasChildren) tree.toggle(path);
        }}
        style={{ cursor: hasChildren ? 'pointer' : 'default', minWidth: 0 }}
      >
        <Chevron size={16} aria-hidden style={{ flexShrink: 0 }} />
        <NodeSummary node={node} />
      </Group>
      {isOpen && (
        <Box component="ul" role="group" m={0} p={0}>
          {children.map((child, childIndex) => (
            <LicenceTreeItem key={pathOf(path, childIndex)} node={child} parent={path} index={childIndex} level={level + 1} tree={tree} />
          ))}
        </Box>
      )}
    </li>
  );
}

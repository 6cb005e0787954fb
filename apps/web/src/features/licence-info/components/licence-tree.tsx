import { Badge, Box, Group, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconPoint } from '@tabler/icons-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LicenceDetail } from '@casebridge/shared/schemas/licence-tickets';
import { formatLicenceDate } from './licence-key.ts';

/** A node's place in the tree: codes repeat between products, so the path of indexes names it. */
const pathOf = (parent: string, index: number) => (parent ? `${parent}.${index}` : String(index));

interface VisibleNode {
  path: string;
  parent: string | null;
  node: LicenceDetail;
  hasChildren: boolean;
}

/** The nodes a reader can reach now, in reading order: the roots and the children of open nodes. */
function visibleNodes(nodes: LicenceDetail[], open: ReadonlySet<string>, parent = '', out: VisibleNode[] = []): VisibleNode[] {
  nodes.forEach((node, index) => {
    const path = pathOf(parent, index);
    const children = node.children ?? [];
    out.push({ path, parent: parent || null, node, hasChildren: children.length > 0 });
    if (children.length > 0 && open.has(path)) visibleNodes(children, open, path, out);
  });
  return out;
}

/**
 * Spec §3 licence details: a tree of codes with children, as the WAI-ARIA tree pattern has it.
 * One item is in the tab order at a time; arrows move between the visible items, Right opens a
 * node or enters it, Left closes it or goes to its parent, Enter and Space open and close, Home
 * and End jump to the first and last item. The top level starts open, so the product's modules
 * show at once.
 */
export function LicenceTree({ details, label }: { details: LicenceDetail[]; label: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(details.map((_, index) => String(index))));
  const [focused, setFocused] = useState('0');
  const items = useRef(new Map<string, HTMLLIElement>());
  const visible = visibleNodes(details, open);
  const current = visible.find((item) => item.path === focused) ?? visible[0];

  const toggle = (path: string) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });
  const focus = (path: string | undefined) => {
    if (path === undefined) return;
    setFocused(path);
    items.current.get(path)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent, item: VisibleNode) => {
    // Keys reach the item itself first; a child's keys must not also move its ancestors.
    event.stopPropagation();
    const index = visible.findIndex((entry) => entry.path === item.path);
    const isOpen = open.has(item.path);
    switch (event.key) {
      case 'ArrowDown':
        focus(visible[index + 1]?.path);
        break;
      case 'ArrowUp':
        focus(visible[index - 1]?.path);
        break;
      case 'Home':
        focus(visible[0]?.path);
        break;
      case 'End':
        focus(visible.at(-1)?.path);
        break;
      case 'ArrowRight':
        if (item.hasChildren && !isOpen) toggle(item.path);
        else if (item.hasChildren) focus(visible[index + 1]?.path);
        break;
      case 'ArrowLeft':
        if (item.hasChildren && isOpen) toggle(item.path);
        else focus(item.parent ?? undefined);
        break;
      case 'Enter':
      case ' ':
        if (item.hasChildren) toggle(item.path);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const renderLevel = (nodes: LicenceDetail[], parent: string, level: number) =>
    nodes.map((node, index) => {
      const path = pathOf(parent, index);
      const children = node.children ?? [];
      const hasChildren = children.length > 0;
      const isOpen = hasChildren && open.has(path);
      const item: VisibleNode = { path, parent: parent || null, node, hasChildren };
      const Chevron = !hasChildren ? IconPoint : isOpen ? IconChevronDown : IconChevronRight;
      return (
        <li
          key={path}
          role="treeitem"
          aria-level={level}
          aria-expanded={hasChildren ? isOpen : undefined}
          aria-label={`${node.code} ${node.name}`}
          tabIndex={current?.path === path ? 0 : -1}
          ref={(element) => {
            if (element) items.current.set(path, element);
            else items.current.delete(path);
          }}
          onKeyDown={(event) => onKeyDown(event, item)}
          onFocus={(event) => {
            if (event.target === event.currentTarget) setFocused(path);
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
              focus(path);
              if (hasChildren) toggle(path);
            }}
            style={{ cursor: hasChildren ? 'pointer' : 'default', minWidth: 0 }}
          >
            <Chevron size={16} aria-hidden style={{ flexShrink: 0 }} />
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
          </Group>
          {isOpen && (
            <Box component="ul" role="group" m={0} p={0}>
              {renderLevel(children, path, level + 1)}
            </Box>
          )}
        </li>
      );
    });

  if (details.length === 0) return <Text c="dimmed">{t('licenceInfo.empty')}</Text>;
  return (
    <Box component="ul" role="tree" aria-label={label} m={0} p={0}>
      {renderLevel(details, '', 1)}
    </Box>
  );
}

import { useRef, useState, type KeyboardEvent } from 'react';
import type { LicenceDetail } from '@casebridge/shared/schemas/licence-tickets';

/** A node's place in the tree: codes repeat between products, so the path of indexes names it. */
export const pathOf = (parent: string, index: number) => (parent ? `${parent}.${index}` : String(index));

export interface VisibleNode {
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
 * The tree's open nodes, its one focusable item and its keys (the WAI-ARIA tree pattern): arrows
 * move between the visible items, Right opens a node or enters it, Left closes it or goes to its
 * parent, Enter and Space open and close, Home and End jump to the first and last item. The top
 * level starts open, so the product's modules show at once.
 */
export function useLicenceTree(details: LicenceDetail[]) {
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

  /** Where a key moves from `item`; false when the key is not the tree's. */
  const move = (key: string, item: VisibleNode): boolean => {
    const index = visible.findIndex((entry) => entry.path === item.path);
    const isOpen = open.has(item.path);
    if (key === 'ArrowDown') focus(visible[index + 1]?.path);
    else if (key === 'ArrowUp') focus(visible[index - 1]?.path);
    else if (key === 'Home') focus(visible[0]?.path);
    else if (key === 'End') focus(visible.at(-1)?.path);
    else if (key === 'ArrowRight') {
      if (item.hasChildren && !isOpen) toggle(item.path);
      else if (item.hasChildren) focus(visible[index + 1]?.path);
    } else if (key === 'ArrowLeft') {
      if (item.hasChildren && isOpen) toggle(item.path);
      else focus(item.parent ?? undefined);
    } else if (key === 'Enter' || key === ' ') {
      if (item.hasChildren) toggle(item.path);
    } else return false;
    return true;
  };

  const onKeyDown = (event: KeyboardEvent, item: VisibleNode) => {
    // Keys reach the item itself first; a child's keys must not also move its ancestors.
    event.stopPropagation();
    if (move(event.key, item)) event.preventDefault();
  };

  const register = (path: string) => (element: HTMLLIElement | null) => {
    if (element) items.current.set(path, element);
    else items.current.delete(path);
  };

  return { open, focusedPath: current?.path, setFocused, toggle, focus, onKeyDown, register };
}

export type LicenceTreeState = ReturnType<typeof useLicenceTree>;

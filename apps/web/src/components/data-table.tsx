import { Group, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortState } from '../lib/use-paging.ts';
import { DataCards } from './data-cards.tsx';
import { ExpandToggle } from './expand-toggle.tsx';
import type { DataTableProps } from './data-table-types.ts';
import { usePhoneLayout } from './use-phone-layout.ts';

export type { DataTableColumn, DataTableProps, RowExpansion } from './data-table-types.ts';

function nextSort(field: string, sort?: SortState): SortState {
  return { field, direction: sort?.field === field && sort.direction === 'asc' ? 'desc' : 'asc' };
}

/**
 * The header cell's keyboard control. It has no click handler of its own: its clicks (and the
 * Enter or Space that a button turns into a click) bubble to the cell, which sorts wherever it is
 * clicked, so the whole cell is the target and not just the text.
 */
function SortHeader({ header, active, direction }: { header: ReactNode; active: boolean; direction?: SortState['direction'] }) {
  const Icon = !active ? IconArrowsSort : direction === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <UnstyledButton fw={700} fz="sm">
      <Group gap={4} wrap="nowrap">
        {header}
        <Icon size={14} aria-hidden style={{ opacity: active ? 1 : 0.4 }} />
      </Group>
    </UnstyledButton>
  );
}

type Props<Row> = DataTableProps<Row>;

/** The header: a sortable column's whole cell sorts, and tells its order to screen readers. */
function HeaderRow<Row>({
  columns,
  sort,
  onSortChange,
  expandable,
}: Pick<Props<Row>, 'columns' | 'sort' | 'onSortChange'> & { expandable: boolean }) {
  const { t } = useTranslation();
  return (
    <Table.Tr>
      {expandable && (
        <Table.Th w={48}>
          <VisuallyHidden>{t('table.expand')}</VisuallyHidden>
        </Table.Th>
      )}
      {columns.map((column) => {
        const field = column.sortField;
        if (field === undefined || !onSortChange) return <Table.Th key={column.key}>{column.header}</Table.Th>;
        const active = sort?.field === field;
        return (
          <Table.Th
            key={column.key}
            aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
            onClick={() => onSortChange(nextSort(field, sort))}
            style={{ cursor: 'pointer', userSelect: 'none' }}
          >
            <SortHeader header={column.header} active={active} direction={sort?.direction} />
          </Table.Th>
        );
      })}
    </Table.Tr>
  );
}

/** One row, and below it its detail row while expanded. */
function BodyRow<Row>({
  row,
  columns,
  onRowClick,
  expansion,
  open: wanted,
  onToggle,
  detailId,
  columnCount,
}: Pick<Props<Row>, 'columns' | 'onRowClick' | 'expansion'> & {
  row: Row;
  open: boolean;
  onToggle: () => void;
  detailId: string;
  columnCount: number;
}) {
  const content = expansion?.content(row) ?? null;
  const open = content !== null && wanted;
  return (
    <>
      <Table.Tr onClick={onRowClick ? () => onRowClick(row) : undefined} style={onRowClick ? { cursor: 'pointer' } : undefined}>
        {expansion && (
          <Table.Td>
            {content !== null && <ExpandToggle label={expansion.toggleLabel(row)} open={open} controls={detailId} onToggle={onToggle} />}
          </Table.Td>
        )}
        {columns.map((column) => (
          <Table.Td key={column.key}>{column.render(row)}</Table.Td>
        ))}
      </Table.Tr>
      {open && (
        <Table.Tr id={detailId}>
          <Table.Td colSpan={columnCount}>{content}</Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

/** The shared table: spec §8 wants 'No data found' in every empty table. On a phone, cards. */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { columns, rows, rowKey, onRowClick, caption, sort, onSortChange, expansion, compact } = props;
  const { t } = useTranslation();
  const idPrefix = useId();
  const phone = usePhoneLayout();
  const [expanded, setExpanded] = useState<ReadonlySet<string | number>>(new Set());
  const toggle = (key: string | number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  if (phone) return <DataCards {...props} expanded={expanded} onToggle={toggle} />;
  const columnCount = columns.length + (expansion ? 1 : 0);
  return (
    <Table.ScrollContainer minWidth={500}>
      <Table
        highlightOnHover={Boolean(onRowClick)}
        striped
        verticalSpacing={compact ? 4 : undefined}
        horizontalSpacing={compact ? 6 : undefined}
      >
        {caption && <Table.Caption>{caption}</Table.Caption>}
        <Table.Thead>
          <HeaderRow columns={columns} sort={sort} onSortChange={onSortChange} expandable={Boolean(expansion)} />
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columnCount}>
                <Text c="dimmed" ta="center" py="md">
                  {t('common.noData')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => {
              const key = rowKey(row);
              return (
                <BodyRow
                  key={key}
                  row={row}
                  columns={columns}
                  onRowClick={onRowClick}
                  expansion={expansion}
                  open={expanded.has(key)}
                  onToggle={() => toggle(key)}
                  detailId={`${idPrefix}-${key}`}
                  columnCount={columnCount}
                />
              );
            })
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

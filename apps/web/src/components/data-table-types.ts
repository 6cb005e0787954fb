import type { ReactNode } from 'react';
import type { SortState } from '../lib/use-paging.ts';

/** What a list page declares; the table (wide screens) and the cards (phones) both draw it. */
export interface DataTableColumn<Row> {
  key: string;
  header: ReactNode;
  render: (row: Row) => ReactNode;
  /** The server's sort field for this column; without it the column is not sortable. */
  sortField?: string;
  /**
   * Its place on a phone, where rows become cards (data-cards.tsx): the card's heading, its
   * actions, or left out. By default a field labelled with the header.
   */
  phone?: 'title' | 'actions' | 'hidden';
}

/** Rows that open to show more (e.g. an order's components); `content` null means not expandable. */
export interface RowExpansion<Row> {
  /** The toggle button's accessible name, e.g. 'Show components of Crown 12'. */
  toggleLabel: (row: Row) => string;
  content: (row: Row) => ReactNode | null;
}

export interface DataTableProps<Row> {
  columns: DataTableColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  onRowClick?: (row: Row) => void;
  caption?: string;
  sort?: SortState;
  onSortChange?: (sort: SortState) => void;
  expansion?: RowExpansion<Row>;
  /** Tighter cells, for a desk that must show many columns and rows at once (the ticket desk). */
  compact?: boolean;
}

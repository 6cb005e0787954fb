import { useCallback, useState } from 'react';

/** A batch action on the selected rows (e.g. archive); the selection is cleared once it has run. */
export interface BatchAction<Row> {
  label: string;
  run: (rows: Row[]) => Promise<unknown> | unknown;
  color?: string;
}

/**
 * The rows picked on the current page, by key. Cleared after a batch action (spec's reset rule)
 * and whenever the page's rows change (another page, filter or sort shows other rows).
 */
export function useListSelection<Row>(rows: Row[], rowKey: (row: Row) => string | number) {
  const [selected, setSelected] = useState<ReadonlySet<string | number>>(new Set());
  // By the rows' keys, not the array's identity: a query's result may be a new array with the same rows.
  const shownKeys = rows.map(rowKey).join('\n');
  const [seenKeys, setSeenKeys] = useState(shownKeys);
  if (seenKeys !== shownKeys) {
    setSeenKeys(shownKeys);
    setSelected(new Set());
  }
  const toggle = useCallback((key: string | number) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(rowKey(row)));
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(rows.map(rowKey)));
  const selectedRows = rows.filter((row) => selected.has(rowKey(row)));
  const run = async (action: BatchAction<Row>) => {
    await action.run(selectedRows);
    setSelected(new Set());
  };
  return { selected, selectedRows, toggle, toggleAll, allSelected, run };
}

export type ListSelection<Row> = ReturnType<typeof useListSelection<Row>>;

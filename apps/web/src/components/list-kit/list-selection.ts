import { useCallback, useState } from 'react';

/** A batch action on the selected rows (e.g. archive); the selection is cleared once it has run. */
export interface BatchAction<Row> {
  label: string;
  run: (rows: Row[]) => Promise<unknown> | unknown;
  color?: string;
}

/**
 * The rows picked on the current page, by key. Cleared after a batch action (spec's reset rule)
 * and whenever the page's rows or the list's `view` change: another page, filter or sort starts
 * with none, even while its rows are still loading or happen to be the same.
 */
export function useListSelection<Row>(rows: Row[], rowKey: (row: Row) => string | number, view = '') {
  const [selected, setSelected] = useState<ReadonlySet<string | number>>(new Set());
  // By the rows' keys, not the array's identity: a query's result may be a new array with the same rows.
  const shownKeys = [view, ...rows.map(rowKey)].join('\n');
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
  const clear = useCallback(() => setSelected(new Set()), []);
  const run = async (action: BatchAction<Row>) => {
    await action.run(selectedRows);
    clear();
  };
  return { selected, selectedRows, toggle, toggleAll, allSelected, clear, run };
}

export type ListSelection<Row> = ReturnType<typeof useListSelection<Row>>;
